import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-store.js';
import layoutStyles from '../../components/ui/layout.module.css';
import styles from './pages.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

/**
 * Frame for reading pages (terms, about, placeholders). Visitors have no top bar, so they get a
 * small header of their own with the way back to the login screen.
 */
export function DocumentPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  const signedIn = useSession((state) => state.user !== null);
  return (
    <div className={styles.page}>
      <PageTitle>{`${title} · Simplified`}</PageTitle>
      {signedIn ? null : (
        <header className={styles.visitorHeader}>
          <Link to="/" className={layoutStyles.brand}>
            <span className={styles.mark} aria-hidden="true">
              S
            </span>
            Simplified
          </Link>
          <Link to="/auth" className={styles.loginLink}>
            Log in
          </Link>
        </header>
      )}
      <article className={layoutStyles.card}>
        <div className={styles.docHeader}>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {children}
      </article>
    </div>
  );
}
