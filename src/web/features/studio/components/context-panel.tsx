import { useId, useState, type FormEvent } from 'react';
import type { Action } from '../../../../contracts/actions.js';
import { RECALL_EMPTY_MESSAGE } from '../model/recall.js';
import { SearchField } from '../../../components/ui/search-field.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import type { Notice, ShowNotice } from '../hooks/notice.js';
import { recallIntoContext } from '../hooks/recall-into-context.js';
import type { useSavedItems } from '../hooks/use-saved-items.js';
import { useStudio } from '../state/studio-store.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ContextUndoOffer } from './context-undo-offer.js';
import { FileContext } from './file-context.js';
import { SavedItemSelect } from './saved-item-select.js';
import { StudioNotice } from './studio-notice.js';
import { PinIcon } from './studio-icons.js';
import formStyles from '../../../components/ui/form.module.css';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './side-panel.module.css';

/** SPEC §8: the delete question, word for word. */
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this action?';

interface ContextPanelProps {
  items: readonly Action[];
  loading: boolean;
  loadError: string | null;
  saved: ReturnType<typeof useSavedItems>;
  /** The Studio's notice, when it belongs to this panel, and how this panel replaces it. */
  notice: Notice | null;
  notify: ShowNotice;
}

/** Memory search, saved items, the context box and its buttons, and the PDF files (SPEC §2). */
export function ContextPanel({ items, loading, loadError, saved, notice, notify }: ContextPanelProps) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [confirming, setConfirming] = useState(false);
  const context = useStudio((state) => state.context);
  const selectedId = useStudio((state) => state.selectedId);
  const setContext = useStudio((state) => state.setContext);
  const selectItem = useStudio((state) => state.selectItem);
  const { selected } = saved;

  const search = (event: FormEvent) => {
    event.preventDefault();
    notify(term.trim() ? recallIntoContext(items, term) : { kind: 'error', text: RECALL_EMPTY_MESSAGE });
  };

  const clear = () => {
    setContext('');
    selectItem(null);
    notify(null);
  };

  return (
    <section className={`${layoutStyles.card} ${layoutStyles.panel}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Context
      </h2>

      <form role="search" className={styles.searchRow} onSubmit={search}>
        <SearchField
          id={`${id}-recall`}
          label="Search memory"
          iconSize={16}
          iconClassName={styles.searchIcon}
          inputClassName={styles.searchInput}
          placeholder="recall from memory"
          value={term}
          enterKeyHint="search"
          onChange={(event) => setTerm(event.target.value)}
        />
        <Tooltip label="Find passages in your saved items" kind="secondary" placement="top">
          <button type="submit" className={styles.action} aria-label="Recall from memory">
            recall
          </button>
        </Tooltip>
      </form>

      <div className={formStyles.field}>
        <label htmlFor={`${id}-select`} className={formStyles.label}>
          Saved items
        </label>
        <SavedItemSelect
          id={`${id}-select`}
          items={items}
          selectedId={selectedId}
          loading={loading}
          onSelect={(item) => {
            selectItem(item?._id ?? null, item?.memory, item?.title || 'Untitled');
            notify(null);
          }}
        />
        {loadError ? (
          <p role="alert" className={styles.inlineError}>
            {loadError}
          </p>
        ) : null}
      </div>

      {selected?.type === 'prompt' ? (
        <Tooltip label="Show this prompt as a shortcut button" kind="secondary" placement="top">
          <button
            type="button"
            className={`${styles.action} ${styles.pinToggle}`}
            aria-pressed={selected.pinned}
            onClick={() => void saved.setPinned(selected, !selected.pinned, notify)}
          >
            <PinIcon size={16} />
            {selected.pinned ? 'Pinned as a shortcut' : 'Pin as a shortcut'}
          </button>
        </Tooltip>
      ) : null}

      <div className={formStyles.field}>
        <label htmlFor={`${id}-context`} className={formStyles.label}>
          Context
          {selected ? <span className={styles.editing}> · editing “{selected.title}”</span> : null}
        </label>
        <textarea
          dir="auto"
          id={`${id}-context`}
          className={styles.context}
          value={context}
          rows={8}
          placeholder="Type or paste what the AI should know, load a saved item, or recall from memory."
          onChange={(event) => setContext(event.target.value)}
        />
      </div>
      <ContextUndoOffer contextId={`${id}-context`} />

      <div className={layoutStyles.wrapRow}>
        <Tooltip
          label={selected ? `Save changes to “${selected.title}”` : 'Save the context as a note'}
          kind="secondary"
          placement="top"
        >
          <button
            type="button"
            className={`${styles.action} ${styles.primary}`}
            aria-label={selected ? 'Save changes' : 'Save context as a note'}
            disabled={saved.pending}
            onClick={() => void saved.save(context, { type: 'note', notify, selectNew: true })}
          >
            save
          </button>
        </Tooltip>
        {selected ? null : (
          <Tooltip label="Save the context as a prompt you can pin" kind="secondary" placement="top">
            <button
              type="button"
              className={styles.action}
              disabled={saved.pending}
              onClick={() => void saved.save(context, { type: 'prompt', notify, selectNew: true })}
            >
              save as prompt
            </button>
          </Tooltip>
        )}
        <Tooltip label="Delete the selected saved item" kind="secondary" placement="top">
          <button
            type="button"
            className={`${styles.action} ${styles.danger}`}
            aria-label="del (Delete saved item)"
            disabled={!selected || saved.pending}
            onClick={() => setConfirming(true)}
          >
            del
          </button>
        </Tooltip>
        <Tooltip label="Clear the context box" kind="secondary" placement="top">
          <button type="button" className={styles.action} aria-label="Clear context" onClick={clear}>
            clear
          </button>
        </Tooltip>
      </div>
      <StudioNotice notice={notice} />

      <FileContext onPick={() => notify(null)} />

      <ConfirmDialog
        open={confirming}
        title={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void saved.deleteSelected(notify);
        }}
      />
    </section>
  );
}
