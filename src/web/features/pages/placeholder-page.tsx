import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.js';
import styles from './placeholder.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

/** A signed-in area whose real screen arrives in later work; it keeps the route and the shell honest. */
export function PlaceholderPage({
  title,
  children,
  showAiLink = true,
}: {
  title: string;
  children?: ReactNode;
  showAiLink?: boolean;
}) {
  return (
    <div className={styles.center}>
      <PageTitle>{`${title} · Simplified`}</PageTitle>
      <div className={styles.placeholder}>
        <span className={styles.bigMark} aria-hidden="true">
          ✦
        </span>
        <h1>{title}</h1>
        {children ?? <p>This space is being built. It will be ready soon.</p>}
        {showAiLink ? (
          <ButtonLink to="/chat/:ai" variant="secondary">
            Talk to @ai meanwhile
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
