import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { TextField } from '../../components/ui/text-field.js';
import { describeError } from '../../lib/api-client.js';
import { useSession } from '../../lib/session-store.js';
import { useLogin } from './auth-api.js';
import { submittedFields } from './submitted-fields.js';
import { AuthForm, UsernameField } from './auth-form.js';
import styles from './auth-form.module.css';

/** Login (SPEC §2): username, password and a round submit button. Server errors show right here. */
export function LoginForm({ signupHref }: { signupHref: string }) {
  const login = useLogin();
  // A tab whose account was just deleted lands here and is told so (profile edit, "Delete my account").
  const farewell = useSession((state) => state.farewell);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // No client-side validation (SPEC §5): the server's message is the one people see.
    const field = submittedFields(event);
    login.mutate({ username: field('username'), password: field('password') });
  };

  return (
    <AuthForm title="Welcome back" subtitle="Log in to pick up where you left off." onSubmit={onSubmit}>
      {farewell ? <InlineMessage kind="success">{farewell}</InlineMessage> : null}
      <UsernameField />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" />
      {login.isError ? <InlineMessage kind="error">{describeError(login.error)}</InlineMessage> : null}
      <div className={styles.submitRow}>
        <p className={styles.switchText}>
          New here? <Link to={signupHref}>Sign up</Link>
        </p>
        <button
          type="submit"
          className={styles.round}
          aria-label="Log in"
          disabled={login.isPending}
          aria-busy={login.isPending || undefined}
        >
          {login.isPending ? (
            <span className={styles.spinner} aria-hidden="true" />
          ) : (
            <ArrowRightIcon size={26} />
          )}
        </button>
      </div>
    </AuthForm>
  );
}
