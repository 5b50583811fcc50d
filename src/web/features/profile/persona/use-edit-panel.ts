import { useSearchParams } from 'react-router';

/** The edit panel's element id, for the toggle's aria-controls. */
export const AI_EDIT_PANEL_ID = 'ai-edit-panel';

/**
 * Whether the creator's "Edit AI" panel is open. It lives in the address (?edit=ai, or ?edit=bio
 * from the "Edit bio" link, which also puts the cursor in the bio) so a reload keeps it open. Opening
 * it is no new page, so the window keeps its scroll position (preventScrollReset).
 */
export function useEditPanel() {
  const [params, setParams] = useSearchParams();
  const mode = params.get('edit');
  const open = mode !== null;
  const toggle = () => {
    const next = new URLSearchParams(params);
    if (open) next.delete('edit');
    else next.set('edit', 'ai');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { open, focusBio: mode === 'bio', toggle };
}

export type EditPanelState = ReturnType<typeof useEditPanel>;
