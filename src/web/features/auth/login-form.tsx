import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons.js';
import { InlineMessage } from '../../components/ui/inline-message.js';
import { TextField } from '../../components/ui/text-field.js';
import { describeError } from '../../lib/api-client.js';
import { useLogin } from './auth-api.js';
import layoutStyles from '../../components/ui/layout.module.css';
import styles from './auth-form.module.css';

/** Login (SPEC §2): username, password and a round submit button. Server errors show right here. */
export function LoginForm({ signupHref }: { signupHref: string }) {
  const titleId = useId();
  const login = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // No client-side validation (SPEC §5): the server's message is the one people see.
    login.mutate({
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h1 id={titleId} className={styles.title}>
          Welcome back
        </h1>
        <p className={layoutStyles.subtitle}>Log in to pick up where you left off.</p>
      </div>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
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
    </form>
  );
}
