import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../contracts/rules.js';
import { Button } from '../../components/ui/button.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { PasswordField } from '../../components/ui/password-field.js';
import { TextField } from '../../components/ui/text-field.js';
import { describeError } from '../../lib/api-client.js';
import { useSignup } from './auth-api.js';
import { AuthForm, UsernameField } from './auth-form.js';
import { SIGNUP_FIELDS, checkSignup, signupErrorsFrom, type SignupErrors } from './signup-errors.js';
import { submittedFields } from './submitted-fields.js';
import styles from './auth-form.module.css';

const NO_ERRORS: SignupErrors = { fields: {} };

/**
 * Signup (SPEC §2): "Sign Up Invite" with name, username, email and password. A refused try shows
 * every field's problem at once, under its field and in a summary, and takes focus to the first one.
 */
export function SignupForm({ loginHref }: { loginHref: string }) {
  const signup = useSignup();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<SignupErrors>(NO_ERRORS);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const refuse = (found: SignupErrors) => {
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = submittedFields(event);
    const input = {
      name: field('name'),
      username: field('username'),
      email: field('email'),
      password: field('password'),
    };
    const fields = checkSignup(input);
    if (Object.keys(fields).length > 0) return refuse({ fields });
    setErrors(NO_ERRORS);
    signup.mutate(input, { onError: (error) => refuse(signupErrorsFrom(error, describeError(error))) });
  };

  // A field being corrected is no longer marked wrong; the others keep their messages.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    setErrors((current) =>
      name in current.fields ? { ...current, fields: { ...current.fields, [name]: undefined } } : current,
    );
  };

  const summary = SIGNUP_FIELDS.flatMap((name) => {
    const message = errors.fields[name];
    return message ? [{ name, message }] : [];
  });

  return (
    <AuthForm
      title="Sign Up Invite"
      subtitle="Create your account in under a minute."
      onSubmit={onSubmit}
      onChange={onChange}
      formRef={formRef}
    >
      <ErrorSummary key={attempt} items={summary} general={errors.general} />
      <TextField label="Name" name="name" autoComplete="name" error={errors.fields.name} />
      <UsernameField
        hint="Lowercase letters, digits and underscores. It becomes your page address."
        error={errors.fields.username}
      />
      <TextField label="Email" name="email" type="email" autoComplete="email" error={errors.fields.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        error={errors.fields.password}
      />
      <Button type="submit" block busy={signup.isPending} disabled={signup.isPending}>
        Create account
      </Button>
      <p className={styles.switchText}>
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
    </AuthForm>
  );
}
