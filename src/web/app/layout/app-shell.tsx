import { Outlet } from 'react-router';
import { useSession } from '../../lib/session-store.js';
import { AtMenu } from './at-menu.js';
import { TopBar } from './top-bar.js';
import styles from './app-shell.module.css';

/** The frame around every page: the top bar and @ menu exist only for signed-in users (SPEC §2). */
export function AppShell() {
  const user = useSession((state) => state.user);
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      {user ? <TopBar username={user.username} /> : null}
      <main id="main" tabIndex={-1} className={user ? `${styles.main} ${styles.withBar}` : styles.main}>
        <Outlet />
      </main>
      {user ? <AtMenu username={user.username} /> : null}
    </div>
  );
}
