import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton } from '../../components/ui/button.js';
import { SearchIcon } from '../../components/ui/icons.js';
import { Tooltip } from '../../components/ui/tooltip.js';

// Its own chunk: in the entry, its CSS was inlined into the login page. Fetched once the top bar is up, so
// what someone types right after "/" does not go missing while the chunk loads.
const loadDialog = () => import('./search-dialog.js');
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));

/** True when a key press belongs to what has focus: typing in a field, or a dialog already open. */
function typingSomewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('dialog[open]')) return true;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The top bar's search button; "/" opens it from anywhere that is not a text field. */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  useEffect(() => void loadDialog(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingSomewhere(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip label="Search everything (/)" placement="bottom-end">
        <IconButton aria-label="Search everything" aria-keyshortcuts="/" onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
