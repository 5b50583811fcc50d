import type { ReactNode } from 'react';
import styles from './text-field.module.css';

/** The help under a field; the field's control points aria-describedby at `id`, so it is announced with it. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className={styles.hint}>
      {children}
    </div>
  );
}
