import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { BREAKPOINTS, normalizeUsername } from '../../../../contracts/rules.js';
import type { SelfUser } from '../../../../contracts/users.js';
import { Drawer } from '../../../components/ui/drawer.js';
import { Toast } from '../../../components/ui/toast.js';
import { describeError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session-store.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useConversations } from '../api/get-conversations.js';
import { useChatEvents } from '../hooks/use-chat-events.js';
import { useSelectedConversation } from '../hooks/use-selected-conversation.js';
import { RoomPane } from '../rooms/components/room-pane.js';
import { ChatToolbar } from './chat-toolbar.js';
import { ContactsPanel } from './contacts-panel.js';
import { ConversationPane } from './conversation-pane.js';
import { ConversationPlaceholder } from './conversation-placeholder.js';
import styles from './chat-page.module.css';
import { PageTitle } from '../../../components/ui/page-title.js';

/** SPEC §9: from 700 px the contacts are a sidebar; below, a drawer opened from the header. */
const SIDEBAR_QUERY = `(min-width: ${BREAKPOINTS.header}px)`;

/** The chat screen with a direct conversation (`target`, a username) or a room (`roomId`) open, or neither. */
function ChatScreen({ me, target, roomId = null }: { me: SelfUser; target: string; roomId?: string | null }) {
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const contactsId = useId();
  const composerId = useId();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const selection = useSelectedConversation(target, me);
  const conversations = useConversations();
  const open =
    selection.kind === 'ready'
      ? {
          userId: selection.conversation.userId,
          conversationId: selection.conversation.mock ? null : selection.conversation._id || null,
        }
      : null;
  // The server also reports a refused HTTP send (rate limit) over the socket; the composer already
  // shows that one, so the same words within a few seconds do not pop up a second time.
  const sendFailures = useRef(new Map<string, number>());
  const onRefused = useCallback((error: string) => {
    if (Date.now() - (sendFailures.current.get(error) ?? 0) > 5000) setToast(error);
  }, []);
  const onSendFailed = useCallback((error: string) => {
    sendFailures.current.set(error, Date.now());
    setToast((shown) => (shown === error ? null : shown));
  }, []);
  useChatEvents(me._id, open, onRefused, roomId);

  // SPEC §8: a failed conversation list is announced in a toast (the list also offers a retry).
  const listError = conversations.isError ? describeError(conversations.error) : null;
  useEffect(() => {
    if (listError) setToast(`Could not load conversations: ${listError}`);
  }, [listError, conversations.errorUpdatedAt]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const dismissToast = useCallback(() => setToast(null), []);
  const toggleContacts = () => (wide ? setSidebarOpen((value) => !value) : setDrawerOpen(true));

  return (
    <div className={styles.page}>
      {/* An open room names the page itself, once its name is known. */}
      {roomId ? null : (
        <PageTitle>{target ? `Chat with @${target} · Simplified` : 'Messages · Simplified'}</PageTitle>
      )}
      <ChatToolbar
        me={me}
        mode={wide ? 'sidebar' : 'drawer'}
        contactsOpen={wide ? sidebarOpen : drawerOpen}
        contactsId={contactsId}
        onToggleContacts={toggleContacts}
        onOpened={closeDrawer}
        composerId={selection.kind === 'ready' || roomId ? composerId : undefined}
      />
      <div className={styles.body}>
        {wide ? (
          <aside
            id={contactsId}
            className={styles.sidebar}
            hidden={!sidebarOpen}
            aria-labelledby={`${contactsId}-title`}
          >
            <h2 id={`${contactsId}-title`} className={styles.sidebarTitle}>
              Contacts
            </h2>
            <ContactsPanel activeUsername={target} activeRoomId={roomId ?? undefined} />
          </aside>
        ) : null}
        <section className={styles.pane} aria-label="Conversation">
          {roomId ? (
            <RoomPane
              key={roomId}
              me={me}
              roomId={roomId}
              onSendFailed={onSendFailed}
              composerId={composerId}
            />
          ) : selection.kind === 'ready' ? (
            <ConversationPane
              key={selection.conversation.userId}
              me={me}
              conversation={selection.conversation}
              onSendFailed={onSendFailed}
              composerId={composerId}
            />
          ) : selection.kind === 'self' ? null : (
            <ConversationPlaceholder
              selection={selection}
              onOpenContacts={wide ? undefined : () => setDrawerOpen(true)}
            />
          )}
        </section>
      </div>
      {wide ? null : (
        <Drawer open={drawerOpen} side="left" title="Contacts" onClose={closeDrawer}>
          <div className={styles.drawerBody}>
            <ContactsPanel activeUsername={target} activeRoomId={roomId ?? undefined} onPick={closeDrawer} />
          </div>
        </Drawer>
      )}
      {toast ? <Toast message={toast} onDismiss={dismissToast} /> : null}
    </div>
  );
}

/**
 * /chat, /chat/:{username} (SPEC §2) and /chat/room/:roomId. The target follows a literal colon; /chat/ai is sent to
 * its canonical /chat/:ai, and one's own name goes back to the list.
 */
export function ChatPage() {
  const { uid, roomId } = useParams();
  const { search } = useLocation();
  const me = useSession((state) => state.user);
  if (!me) return null;
  if (roomId !== undefined) return <ChatScreen me={me} target="" roomId={roomId} />;
  // The query (?message= from search) goes along.
  if (uid !== undefined && !uid.startsWith(':')) return <Navigate to={`/chat/:${uid}${search}`} replace />;
  const target = normalizeUsername(uid?.slice(1) ?? '');
  if (target === me.username) return <Navigate to="/chat" replace />;
  return <ChatScreen me={me} target={target} />;
}
