import type { FormEventHandler, ReactNode } from 'react';
import { TextField } from '../../components/ui/text-field.js';
import { TitledForm } from '../../components/ui/titled-form.js';
import styles from './auth-form.module.css';

interface AuthFormProps {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** Login and signup look alike (auth-form.module.css), so they share one form frame. */
export function AuthForm({ title, subtitle, onSubmit, children }: AuthFormProps) {
  return (
    <TitledForm
      title={title}
      subtitle={subtitle}
      className={styles.form}
      headingClassName={styles.heading}
      titleClassName={styles.title}
      onSubmit={onSubmit}
    >
      {children}
    </TitledForm>
  );
}

/** The username box: usernames are lowercase handles, so phones must not capitalise or correct them. */
export function UsernameField({ hint }: { hint?: string }) {
  return (
    <TextField
      label="Username"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      hint={hint}
    />
  );
}
