import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store.js';
import { useCharioteerEvents } from '../hooks/use-charioteer-events.js';
import { SetupView } from './setup-view.js';
import { TableView } from './table-view.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './charioteer.module.css';
import { PageTitle } from '../../../components/ui/page-title.js';

/** /charioteer: seat personas around a topic and watch (and steer) them talk; ?d= opens one table. */
export function CharioteerPage() {
  const me = useSession((state) => state.user);
  const [params] = useSearchParams();
  useCharioteerEvents();
  // RequireAuth guarantees a user; the check keeps the types honest.
  if (!me) return null;
  const discussionId = params.get('d');
  return (
    <div className={styles.page}>
      {discussionId ? (
        <TableView discussionId={discussionId} me={me} />
      ) : (
        <>
          <PageTitle>Charioteer · Simplified</PageTitle>
          <div className={layoutStyles.intro}>
            <h1 className={layoutStyles.title}>Charioteer</h1>
            <p className={layoutStyles.subtitle}>
              Seat two to five personas around a topic and let them talk it through.
            </p>
          </div>
          <SetupView username={me.username} />
        </>
      )}
    </div>
  );
}
