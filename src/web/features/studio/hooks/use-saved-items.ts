import { useCallback } from 'react';
import type { Action } from '../../../../contracts/actions.js';
import { noteTitle } from '../model/recall.js';
import { describeError } from '../../../lib/api-client.js';
import { useCreateAction, useDeleteAction, useUpdateAction } from '../../../lib/actions-api.js';
import { useStudio } from '../state/studio-store.js';
import type { ShowNotice } from './notice.js';

const quoted = (title: string) => `“${title || 'Untitled'}”`;

/**
 * Saving, updating, pinning and deleting saved items (SPEC §4: save creates a new item, or updates
 * the selected one; empty text does nothing; delete asks first). Results go to `notify`.
 */
export function useSavedItems(userId: string, items: readonly Action[]) {
  const create = useCreateAction(userId);
  const update = useUpdateAction(userId);
  const remove = useDeleteAction(userId);
  const pending = create.isPending || update.isPending || remove.isPending;

  const selected = useStudio((state) => items.find((item) => item._id === state.selectedId) ?? null);

  /** Saves `text` into the selected item, or as a new item of `type`; true when something was saved. */
  const save = useCallback(
    async (
      text: string,
      { type, notify, selectNew }: { type: Action['type']; notify: ShowNotice; selectNew: boolean },
    ): Promise<boolean> => {
      if (!text.trim()) return false;
      const target = items.find((item) => item._id === useStudio.getState().selectedId);
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
    [create, items, update],
  );

  /**
   * The memory button. An answer belongs in a note: with a note selected it updates that note (and
   * offers Undo, which puts the note's previous text back); with nothing or a saved *prompt* selected
   * it saves a new note, so a prompt (an instruction the user wrote) is never replaced by an answer.
   */
  const saveOutput = useCallback(
    async (text: string, notify: ShowNotice): Promise<void> => {
      if (!text.trim()) return;
      const target = items.find((item) => item._id === useStudio.getState().selectedId);
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
    [create, items, update],
  );

  const deleteSelected = useCallback(
    async (notify: ShowNotice) => {
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

  return { selected, pending, save, saveOutput, deleteSelected, setPinned };
}
