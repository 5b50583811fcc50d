import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import indicatorStyles from './indicators.module.css';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface StyleProps {
  variant?: ButtonVariant;
  /** Stretches to the container's width (forms on phones). */
  block?: boolean;
}

function classes({ variant = 'primary', block = false }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & StyleProps & { busy?: boolean };

/** The app's text button; `busy` keeps it focusable but marks it as working. */
export function Button({ variant, block, busy = false, className, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={classes({ variant, block }, className)}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className={indicatorStyles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A router link that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({ variant, block, className, ...rest }: LinkProps & StyleProps) {
  return <Link className={classes({ variant, block }, className)} {...rest} />;
}

export type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Required: icon-only controls need an accessible name. */
  'aria-label': string;
  size?: 'sm' | 'md' | 'lg';
  variant?: 'solid' | 'plain';
  children: ReactNode;
};

/** A round icon-only button. */
export function IconButton({ size = 'md', variant = 'plain', className, type, ...rest }: IconButtonProps) {
  const cls = [styles.icon, styles[`icon-${size}`], styles[`icon-${variant}`], className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type ?? 'button'} className={cls} {...rest} />;
}
