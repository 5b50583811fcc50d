import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useMatch } from 'react-router';
import { AiStatusBanner } from '../../features/ai-status/ai-status-banner.js';
import { useUnreadAtAGlance } from '../../features/chat/hooks/use-unread-at-a-glance.js';
import { apiFetch } from '../../lib/api-client.js';
import { mayBeFromCache, useServerReachWatch } from '../../lib/server-reach.js';
import { useRealtime, useRealtimeConnection } from '../../lib/socket.js';
import { useSession } from '../../lib/session-store.js';
import { AtMenu } from './at-menu.js';
import { ConnectionNotices, OfflinePage, useOpenedOffline } from './connection-notices.js';
import { useFocusOnNavigate } from './use-focus-on-navigate.js';
import { TopBar } from './top-bar.js';
import styles from './app-shell.module.css';

/** Asks whether the server answers; apiFetch notes the outcome (lib/server-reach.ts). */
// The answer is read to its end: a body left unread keeps the request open in Chromium (and its connection busy).
const probeServer = () => apiFetch('/api/health').then((response) => response.arrayBuffer());

/**
 * The frame around every page: the top bar and @ menu exist only for signed-in users (SPEC §2), and so
 * do the live connection (presence counts every open tab, whatever page it shows), the AI status line and
 * the unread count in the title. A page opened without reaching the server is the offline page instead.
 */
export function AppShell() {
  const user = useSession((state) => state.user);
  // The chat screen fills the window and scrolls inside; there the @ button docks beside its composer,
  // everywhere else it sits in the top bar.
  const onChat = useMatch({ path: '/chat', end: false }) !== null && user !== null;
  useRealtimeConnection(user?._id ?? null);
  useUnreadAtAGlance(user !== null, onChat);
  useServerReachWatch(probeServer, mayBeFromCache());
  // A lost live connection may be a lost server: asking tells the status line before any call would.
  const lostConnection = useRealtime((state) => state.status === 'reconnecting');
  useEffect(() => {
    if (lostConnection) void probeServer().catch(() => undefined);
  }, [lostConnection]);
  const openedOffline = useOpenedOffline();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  const mainClass = [styles.main, user ? styles.withBar : '', onChat ? styles.fill : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      {user ? (
        <TopBar
          username={user.username}
          menu={onChat ? null : <AtMenu username={user.username} moderator={user.isModerator} />}
        />
      ) : null}
      {user && onChat ? <AtMenu username={user.username} moderator={user.isModerator} docked /> : null}
      <main id="main" ref={mainRef} tabIndex={-1} className={mainClass}>
        <div className={styles.statusLine}>
          <ConnectionNotices offlinePageShown={openedOffline} />
          <AiStatusBanner enabled={user !== null} />
        </div>
        {openedOffline ? (
          <OfflinePage onRetry={() => void probeServer().catch(() => undefined)} />
        ) : (
          <Outlet />
        )}
      </main>
      <ScrollRestoration />
    </div>
  );
}
