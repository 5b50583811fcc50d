import type { SelfUser } from '../../../../contracts/users.js';
import { IconButton } from '../../../components/ui/button.js';
import { ContactsIcon } from '../../../components/ui/icons.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { ChatSearch } from './chat-search.js';
import { ConnectionStatus } from './connection-status.js';
import styles from './chat-toolbar.module.css';

interface ChatToolbarProps {
  me: SelfUser;
  /** Wide screens collapse a sidebar; narrow ones open a drawer. */
  mode: 'sidebar' | 'drawer';
  contactsOpen: boolean;
  contactsId: string;
  onToggleContacts: () => void;
  onOpened: () => void;
  /** The composer's id when a conversation is open: a skip link after the search leads there. */
  composerId?: string;
}

/** The strip above the conversation: the contacts toggle, the username search and the live status. */
export function ChatToolbar({
  me,
  mode,
  contactsOpen,
  contactsId,
  onToggleContacts,
  onOpened,
  composerId,
}: ChatToolbarProps) {
  const label = mode === 'drawer' ? 'Open contacts' : contactsOpen ? 'Hide contacts' : 'Show contacts';
  return (
    <div className={styles.toolbar}>
      <Tooltip label={label} kind="secondary" placement="right">
        <IconButton
          aria-label={label}
          aria-expanded={contactsOpen}
          aria-controls={mode === 'sidebar' ? contactsId : undefined}
          onClick={onToggleContacts}
        >
          <ContactsIcon />
        </IconButton>
      </Tooltip>
      <ChatSearch me={me} onOpened={onOpened} />
      {composerId ? (
        // Past the contacts and every message's buttons in one step (shown only while focused).
        <a
          href={`#${composerId}`}
          className={styles.skip}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(composerId)?.focus();
          }}
        >
          Skip to message box
        </a>
      ) : null}
      <ConnectionStatus />
    </div>
  );
}
