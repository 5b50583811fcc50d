import type { ReactNode } from 'react';
import styles from './inline-message.module.css';

/**
 * A message shown in place, next to what caused it. Errors use role="alert" so they are announced the
 * moment they appear; success uses role="status" so it is announced politely.
 */
export function InlineMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`${styles.message} ${styles[kind] ?? ''}`}>
      {children}
    </p>
  );
}
