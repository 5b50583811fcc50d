import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../contracts/rules.js';
import { Button } from '../../components/ui/button.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { TextField } from '../../components/ui/text-field.js';
import { describeError } from '../../lib/api-client.js';
import { useSignup } from './auth-api.js';
import { PasswordField } from '../../components/ui/password-field.js';
import layoutStyles from '../../components/ui/layout.module.css';
import styles from './auth-form.module.css';

/** Signup (SPEC §2): "Sign Up Invite" with name, username, email and password. */
export function SignupForm({ loginHref }: { loginHref: string }) {
  const titleId = useId();
  const signup = useSignup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    signup.mutate({
      name: field('name'),
      username: field('username'),
      email: field('email'),
      password: field('password'),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h1 id={titleId} className={styles.title}>
          Sign Up Invite
        </h1>
        <p className={layoutStyles.subtitle}>Create your account in under a minute.</p>
      </div>
      <TextField label="Name" name="name" autoComplete="name" />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        hint="Lowercase letters, digits and underscores. It becomes your page address."
      />
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
    </form>
  );
}
