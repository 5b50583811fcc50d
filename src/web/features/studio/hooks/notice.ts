import { useMemo, useState } from 'react';

/** A message shown next to what caused it: errors are alerts, everything else a polite status. */
export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /** A button beside the text, such as Undo for a change just made. */
  action?: { label: string; onClick: () => void };
}

export type ShowNotice = (notice: Notice | null) => void;

/** Where a notice shows: under the output, or in the context panel. */
export type NoticePlace = 'output' | 'context';

/**
 * The Studio's one notice. Each action replaces the notice before it (or hides it, by showing null),
 * wherever that one was, so an old outcome never stays on screen beside a newer one. It shows in the
 * place of the action that caused it: `notify.output` or `notify.context`.
 */
export function useStudioNotice(initial: Notice | null) {
  const [current, setCurrent] = useState<{ place: NoticePlace; notice: Notice } | null>(
    initial ? { place: 'output', notice: initial } : null,
  );
  const notify = useMemo(() => {
    const at =
      (place: NoticePlace): ShowNotice =>
      (notice) =>
        setCurrent(notice ? { place, notice } : null);
    return { output: at('output'), context: at('context') };
  }, []);
  /** The notice to show in `place`, if the current one belongs there. */
  const shownAt = (place: NoticePlace) => (current?.place === place ? current.notice : null);
  return { notify, shownAt };
}
