import { useCallback, useState } from 'react';

/** A message shown next to what caused it: errors are alerts, everything else a polite status. */
export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /** A button beside the text, such as Undo for a change just made. */
  action?: { label: string; onClick: () => void };
}

export type ShowNotice = (notice: Notice | null) => void;

/** A notice slot; showing null hides it. */
export function useNotice(initial: Notice | null = null): [Notice | null, ShowNotice] {
  const [notice, setNotice] = useState<Notice | null>(initial);
  const show = useCallback<ShowNotice>((next) => setNotice(next), []);
  return [notice, show];
}
