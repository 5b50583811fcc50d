import { useId, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout.js';
import { LoginForm } from './login-form.js';
import { SignupForm } from './signup-form.js';
import styles from './auth-form.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

type Mode = 'login' | 'signup';

/**
 * "/" shows the login form; "/auth" adds a login/signup switch (SPEC §2). The mode lives in the URL
 * (?mode=signup) so it survives a reload and the back button undoes a switch.
 */
export function AuthPage({ withModeSwitch = false }: { withModeSwitch?: boolean }) {
  const [params, setParams] = useSearchParams();
  const mode: Mode = withModeSwitch && params.get('mode') === 'signup' ? 'signup' : 'login';
  const ids = { login: useId(), signup: useId(), panel: useId() };

  if (!withModeSwitch) {
    return (
      <AuthLayout>
        <PageTitle>Log in · Simplified</PageTitle>
        <LoginForm signupHref="/signup" />
      </AuthLayout>
    );
  }

  // The switch stays where it is on the page: a change of mode is no new page to scroll to the top of.
  const select = (next: Mode) =>
    setParams(next === 'signup' ? { mode: 'signup' } : {}, { replace: true, preventScrollReset: true });
  // Tabs pattern: arrow keys move between the two tabs (and wrap), Home and End go to the first and last.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const other: Mode = mode === 'login' ? 'signup' : 'login';
    const keyed: Record<string, Mode> = { ArrowLeft: other, ArrowRight: other, Home: 'login', End: 'signup' };
    const next = keyed[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    document.getElementById(ids[next])?.focus();
  };

  // Links, so a tab works on the prerendered page before the app has hydrated it (the app starts after the
  // first paint); once it has, a click switches in place.
  const tab = (value: Mode, label: string) => (
    <a
      href={value === 'signup' ? '/auth?mode=signup' : '/auth'}
      role="tab"
      id={ids[value]}
      aria-selected={mode === value}
      aria-controls={ids.panel}
      tabIndex={mode === value ? 0 : -1}
      className={styles.tab}
      onClick={(event) => {
        event.preventDefault();
        select(value);
      }}
    >
      {label}
    </a>
  );

  return (
    <AuthLayout>
      <PageTitle>{mode === 'login' ? 'Log in · Simplified' : 'Sign up · Simplified'}</PageTitle>
      <div role="tablist" aria-label="Log in or sign up" className={styles.tabs} onKeyDown={onKeyDown}>
        {tab('login', 'Log in')}
        {tab('signup', 'Sign up')}
      </div>
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids[mode]}>
        {mode === 'login' ? <LoginForm signupHref="/auth?mode=signup" /> : <SignupForm loginHref="/auth" />}
      </div>
    </AuthLayout>
  );
}
