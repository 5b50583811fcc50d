import { ButtonLink } from '../../components/ui/button.js';
import { useSession } from '../../lib/session-store.js';
import styles from './placeholder.module.css';
import { PageTitle } from '../../components/ui/page-title.js';

/** Any path the routes table does not know. */
export function NotFoundPage() {
  const signedIn = useSession((state) => state.user !== null);
  return (
    <div className={styles.center}>
      <PageTitle>Page not found · Simplified</PageTitle>
      <div className={styles.placeholder}>
        <span className={styles.bigMark} aria-hidden="true">
          404
        </span>
        <h1>Page not found</h1>
        <p>This address leads nowhere. It may have moved, or there may be a typo in the link.</p>
        <ButtonLink to={signedIn ? '/chat/:ai' : '/'}>
          {signedIn ? 'Back to messages' : 'Go to the start'}
        </ButtonLink>
      </div>
    </div>
  );
}
