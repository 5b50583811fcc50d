import { useCallback, useRef, useState } from 'react';
import { ACTION_LIMITS, type Action } from '../../../../contracts/actions.js';
import { useLongNote } from '../../../components/long-note/use-long-note.js';
import { noteTitle } from '../model/recall.js';
import { describeError } from '../../../lib/api-client.js';
import { useCreateAction, useDeleteAction, useUpdateAction } from '../../../lib/actions-api.js';
import { useStudio } from '../state/studio-store.js';
import type { ShowNotice } from './notice.js';

const quoted = (title: string) => `“${title || 'Untitled'}”`;
const count = (n: number) => n.toLocaleString('en-US');

/** A prompt is one instruction: it is never split, so one too long is refused here, before sending. */
function promptTooLong(length: number): string {
  return `Not saved: a prompt holds at most ${count(ACTION_LIMITS.memoryMax)} characters and this one has ${count(length)}. Shorten it, or save it as a note, which can be split into numbered notes.`;
}

/**
 * Saving, updating, pinning and deleting saved items (SPEC §4: save creates a new item, or updates
 * the selected one; empty text does nothing; delete asks first). Each starts by hiding the last notice;
 * results go to `notify`. A note too long for one saved item is offered as numbered notes instead
 * (`longNote`, the flow the Editor uses too).
 */
export function useSavedItems(userId: string, items: readonly Action[]) {
  const create = useCreateAction(userId);
  const update = useUpdateAction(userId);
  const remove = useDeleteAction(userId);
  const [splitting, setSplitting] = useState(false);
  // Where the outcome of the question about a long note is shown: where it was asked.
  const longNoteNotify = useRef<ShowNotice>(() => undefined);
  const longNote = useLongNote({
    userId,
    onBusy: setSplitting,
    onDone: ({ kind, text }) => longNoteNotify.current({ kind: kind === 'error' ? 'error' : 'info', text }),
  });
  const { askIfTooLong } = longNote;
  const pending = create.isPending || update.isPending || remove.isPending || splitting;

  const selected = useStudio((state) => items.find((item) => item._id === state.selectedId) ?? null);

  /**
   * True when `text` is too long to save as one `type` item and the user was asked (a note: split it?)
   * or told why not (a prompt). `unchanged` is the selected item, which splitting leaves as it was.
   */
  const tooLong = useCallback(
    (text: string, type: Action['type'], unchanged: Action | undefined, notify: ShowNotice): boolean => {
      if (type === 'prompt' && text.length > ACTION_LIMITS.memoryMax) {
        notify({ kind: 'error', text: promptTooLong(text.length) });
        return true;
      }
      longNoteNotify.current = notify;
      return askIfTooLong(text, noteTitle(text), unchanged ? unchanged.title || 'Untitled' : null);
    },
    [askIfTooLong],
  );

  /** Saves `text` into the selected item, or as a new item of `type`; true when something was saved. */
  const save = useCallback(
    async (
      text: string,
      { type, notify, selectNew }: { type: Action['type']; notify: ShowNotice; selectNew: boolean },
    ): Promise<boolean> => {
      notify(null);
      if (!text.trim()) return false;
      const target = items.find((item) => item._id === useStudio.getState().selectedId);
      if (tooLong(text, target?.type ?? type, target, notify)) return false;
      try {
        if (target) {
          const changed = await update.mutateAsync({ id: target._id, memory: text });
          notify({ kind: 'info', text: `Updated ${quoted(changed.title)}.` });
        } else {
          const created = await create.mutateAsync({ type, title: noteTitle(text), memory: text });
          if (selectNew) useStudio.getState().selectItem(created._id, created.memory);
          const what = type === 'prompt' ? 'a prompt' : 'a note';
          notify({ kind: 'info', text: `Saved ${quoted(created.title)} as ${what}.` });
        }
        return true;
      } catch (error) {
        notify({ kind: 'error', text: describeError(error) });
        return false;
      }
    },
    [create, items, tooLong, update],
  );

  /**
   * The memory button. An answer belongs in a note: with a note selected it updates that note (and
   * offers Undo, which puts the note's previous text back); with nothing or a saved *prompt* selected
   * it saves a new note, so a prompt (an instruction the user wrote) is never replaced by an answer.
   */
  const saveOutput = useCallback(
    async (text: string, notify: ShowNotice): Promise<void> => {
      notify(null);
      if (!text.trim()) return;
      const target = items.find((item) => item._id === useStudio.getState().selectedId);
      if (tooLong(text, 'note', target, notify)) return;
      try {
        if (target?.type === 'note') {
          const before = target.memory;
          const changed = await update.mutateAsync({ id: target._id, memory: text });
          const undo = async () => {
            try {
              await update.mutateAsync({ id: target._id, memory: before });
              notify({ kind: 'info', text: `Restored the earlier text of ${quoted(changed.title)}.` });
            } catch (error) {
              notify({ kind: 'error', text: describeError(error) });
            }
          };
          notify({
            kind: 'info',
            text: `Updated ${quoted(changed.title)} with the output.`,
            action: { label: 'Undo', onClick: () => void undo() },
          });
          return;
        }
        const created = await create.mutateAsync({ type: 'note', title: noteTitle(text), memory: text });
        const kept = target ? ` Your prompt ${quoted(target.title)} is unchanged.` : '';
        notify({ kind: 'info', text: `Saved ${quoted(created.title)} as a note.${kept}` });
      } catch (error) {
        notify({ kind: 'error', text: describeError(error) });
      }
    },
    [create, items, tooLong, update],
  );

  const deleteSelected = useCallback(
    async (notify: ShowNotice) => {
      notify(null);
      const target = items.find((item) => item._id === useStudio.getState().selectedId);
      if (!target) return;
      try {
        await remove.mutateAsync(target._id);
        const studio = useStudio.getState();
        studio.selectItem(null);
        // The context box held the item's text; keep it only if the user had changed it since.
        if (studio.context === target.memory) studio.setContext('');
        notify({ kind: 'info', text: `Deleted ${quoted(target.title)}.` });
      } catch (error) {
        notify({ kind: 'error', text: describeError(error) });
      }
    },
    [items, remove],
  );

  const setPinned = useCallback(
    async (item: Action, pinned: boolean, notify: ShowNotice) => {
      notify(null);
      try {
        await update.mutateAsync({ id: item._id, pinned });
        notify({
          kind: 'info',
          text: pinned
            ? `${quoted(item.title)} is now a shortcut button.`
            : `${quoted(item.title)} is no longer a shortcut.`,
        });
      } catch (error) {
        notify({ kind: 'error', text: describeError(error) });
      }
    },
    [update],
  );

  return { selected, pending, save, saveOutput, deleteSelected, setPinned, longNote };
}
