import type { FormEventHandler, ReactNode, Ref } from 'react';
import { TextField } from '../../components/ui/text-field.js';
import { TitledForm } from '../../components/ui/titled-form.js';
import styles from './auth-form.module.css';

interface AuthFormProps {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onChange?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** Login and signup look alike (auth-form.module.css), so they share one form frame. */
export function AuthForm({ title, subtitle, onSubmit, onChange, formRef, children }: AuthFormProps) {
  return (
    <TitledForm
      title={title}
      subtitle={subtitle}
      className={styles.form}
      headingClassName={styles.heading}
      titleClassName={styles.title}
      onSubmit={onSubmit}
      onChange={onChange}
      formRef={formRef}
    >
      {children}
    </TitledForm>
  );
}

/** The username box: usernames are lowercase handles, so phones must not capitalise or correct them. */
export function UsernameField({ hint, error }: { hint?: string; error?: string }) {
  return (
    <TextField
      label="Username"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      hint={hint}
      error={error}
    />
  );
}
