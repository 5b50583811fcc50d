import { titleWithUnread, useUnreadTotal } from '../../lib/unread-store.js';

/** The document title of a page (React puts it in <head>), led by the unread count when there is one. */
export function PageTitle({ children }: { children: string }) {
  const total = useUnreadTotal((state) => state.total);
  return <title>{titleWithUnread(children, total)}</title>;
}
