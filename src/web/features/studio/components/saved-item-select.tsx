import type { KeyboardEvent } from 'react';
import type { Action } from '../../../../contracts/actions.js';
import styles from './side-panel.module.css';

interface SavedItemSelectProps {
  id: string;
  items: readonly Action[];
  selectedId: string | null;
  loading: boolean;
  onSelect: (item: Action | null) => void;
}

/** SPEC §5: the space key neither opens nor changes the selector (it used to fire while typing nearby). */
function ignoreSpace(event: KeyboardEvent<HTMLSelectElement>) {
  if (event.key === ' ' || event.code === 'Space') event.preventDefault();
}

/** The saved notes and prompts; choosing one loads its text into the context box (SPEC §4). */
export function SavedItemSelect({ id, items, selectedId, loading, onSelect }: SavedItemSelectProps) {
  const notes = items.filter((item) => item.type === 'note');
  const prompts = items.filter((item) => item.type === 'prompt');
  return (
    <select
      dir="auto"
      id={id}
      className={styles.select}
      value={selectedId ?? ''}
      onKeyDown={ignoreSpace}
      onChange={(event) => onSelect(items.find((item) => item._id === event.target.value) ?? null)}
    >
      <option value="">
        {loading
          ? 'Loading saved items…'
          : items.length === 0
            ? 'No saved items yet'
            : 'New note (none selected)'}
      </option>
      {notes.length > 0 ? (
        <optgroup label="Notes">
          {notes.map((item) => (
            <option key={item._id} value={item._id}>
              {item.title || 'Untitled note'}
            </option>
          ))}
        </optgroup>
      ) : null}
      {prompts.length > 0 ? (
        <optgroup label="Prompts">
          {prompts.map((item) => (
            <option key={item._id} value={item._id}>
              {`${item.pinned ? '📌 ' : ''}${item.title || 'Untitled prompt'}`}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}
