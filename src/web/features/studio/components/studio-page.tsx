import { useCallback, useEffect } from 'react';
import type { Action } from '../../../../contracts/actions.js';
import { describeError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session-store.js';
import { LongNoteDialog } from '../../../components/long-note/long-note-dialog.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { useActions } from '../../../lib/actions-api.js';
import { useStudioNotice, type Notice } from '../hooks/notice.js';
import { useItemFromLink } from '../hooks/use-item-from-link.js';
import { useSavedItems } from '../hooks/use-saved-items.js';
import { useStudioRequests } from '../hooks/use-studio-requests.js';
import { useStudio } from '../state/studio-store.js';
import { AskBar } from './ask-bar.js';
import { ContextPanel } from './context-panel.js';
import { OutputPanel } from './output-panel.js';
import { ShortcutGrid } from './shortcut-grid.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './studio-page.module.css';
import { PageTitle } from '../../../components/ui/page-title.js';

const NO_ITEMS: never[] = [];

/** After a reload, what the size policy could not keep is said once, not lost silently. */
function leftOutNotice(leftOut: readonly string[]): Notice | null {
  if (leftOut.length === 0) return null;
  return {
    kind: 'info',
    text: `Your Studio session was too large to keep whole in this browser, so ${leftOut.join(', ')} could not be brought back.`,
  };
}

function Studio({ userId }: { userId: string }) {
  const pro = useStudio((state) => state.pro);
  const setPro = useStudio((state) => state.setPro);
  const actions = useActions(userId);
  const items = actions.data ?? NO_ITEMS;
  const { notify, shownAt } = useStudioNotice(leftOutNotice(useStudio.getState().leftOut));
  // Said once: coming back to the Studio later does not repeat it.
  useEffect(() => useStudio.setState({ leftOut: [] }), []);
  const { run, stop, busy } = useStudioRequests({ notify: notify.output, items });
  const saved = useSavedItems(userId, items);
  // A search result: the item is selected, with the context panel (Pro/Max) shown so it can be seen.
  const openItem = useCallback(
    (item: Action) => {
      setPro(true);
      useStudio.getState().selectItem(item._id, item.memory, item.title || 'Untitled');
    },
    [setPro],
  );
  useItemFromLink(items, actions.isPending, openItem);
  const pinned = items.filter((item) => item.type === 'prompt' && item.pinned);

  const clearChat = useCallback(() => {
    stop();
    useStudio.getState().clearChat();
    notify.output(null);
  }, [notify, stop]);

  const saveOutput = () => void saved.saveOutput(useStudio.getState().output, notify.output);

  return (
    <div className={`${styles.page} ${pro ? styles.pro : ''}`}>
      <PageTitle>AI Studio · Simplified</PageTitle>
      <div className={layoutStyles.pageHeader}>
        <div className={layoutStyles.intro}>
          <h1 className={styles.title}>AI Studio</h1>
          <p className={layoutStyles.subtitle}>
            Ask, rewrite and remember. Your notes and files become context.
          </p>
        </div>
        <Tooltip label={pro ? 'Hide shortcuts and context' : 'Show shortcuts and context'} kind="main">
          <button type="button" className={styles.proToggle} aria-pressed={pro} onClick={() => setPro(!pro)}>
            <span className={styles.proSwitch} aria-hidden="true" />
            Pro/Max
          </button>
        </Tooltip>
      </div>

      <div className={styles.layout}>
        <div className={styles.main}>
          <AskBar
            busy={busy}
            onAsk={() => void run({ kind: 'preset', id: 'ask' })}
            onClear={clearChat}
            onStop={stop}
          />
          <OutputPanel
            busy={busy}
            notice={shownAt('output')}
            notify={notify.output}
            memoryTarget={saved.selected?.type === 'note' ? saved.selected.title || 'Untitled' : null}
            savePending={saved.pending}
            onMemory={saveOutput}
            onMore={() => void run({ kind: 'preset', id: 'more' })}
            onFast={() => void run({ kind: 'preset', id: 'fast' })}
            onClearChat={clearChat}
          />
        </div>
        {/* Hidden rather than removed, so PDFs being read and the recall term survive the toggle. */}
        <div className={styles.side} hidden={!pro}>
          <ShortcutGrid pinned={pinned} disabled={busy !== null} onRun={(request) => void run(request)} />
          <ContextPanel
            items={items}
            loading={actions.isPending}
            loadError={actions.isError ? describeError(actions.error) : null}
            saved={saved}
            notice={shownAt('context')}
            notify={notify.context}
          />
        </div>
      </div>
      <LongNoteDialog flow={saved.longNote} />
    </div>
  );
}

/** /studio: the AI text studio (SPEC §2 "Studio"). */
export function StudioPage() {
  const me = useSession((state) => state.user);
  // RequireAuth guarantees a user; the check keeps the types honest.
  if (!me) return null;
  return <Studio userId={me._id} />;
}
