import { useCallback, useState } from 'react';

/** A message shown next to what caused it: errors are alerts, everything else a polite status. */
export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

export type ShowNotice = (notice: Notice | null) => void;

/** A notice slot; showing null hides it. */
export function useNotice(): [Notice | null, ShowNotice] {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback<ShowNotice>((next) => setNotice(next), []);
  return [notice, show];
}
