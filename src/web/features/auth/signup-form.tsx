import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../contracts/rules.js';
import { Button } from '../../components/ui/button.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { TextField } from '../../components/ui/text-field.js';
import { describeError } from '../../lib/api-client.js';
import { useSignup } from './auth-api.js';
import { PasswordField } from '../../components/ui/password-field.js';
import { submittedFields } from './submitted-fields.js';
import { AuthForm, UsernameField } from './auth-form.js';
import styles from './auth-form.module.css';

/** Signup (SPEC §2): "Sign Up Invite" with name, username, email and password. */
export function SignupForm({ loginHref }: { loginHref: string }) {
  const signup = useSignup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event);
    signup.mutate({
      name: field('name'),
      username: field('username'),
      email: field('email'),
      password: field('password'),
    });
  };

  return (
    <AuthForm title="Sign Up Invite" subtitle="Create your account in under a minute." onSubmit={onSubmit}>
      <TextField label="Name" name="name" autoComplete="name" />
      <UsernameField hint="Lowercase letters, digits and underscores. It becomes your page address." />
      <TextField label="Email" name="email" type="email" autoComplete="email" />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
      />
      {signup.isError ? <InlineMessage kind="error">{describeError(signup.error)}</InlineMessage> : null}
      <Button type="submit" block busy={signup.isPending} disabled={signup.isPending}>
        Create account
      </Button>
      <p className={styles.switchText}>
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
    </AuthForm>
  );
}
