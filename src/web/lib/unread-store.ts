import { create } from 'zustand';

/** The unread total across the inbox (DMs and rooms, muted ones left out), as the chat feature derives it. */
export const useUnreadTotal = create<{ total: number }>()(() => ({ total: 0 }));

/** A page's title with the unread total in front: "(3) Messages · Simplified"; the title alone at 0. */
export function titleWithUnread(title: string, total: number): string {
  return total > 0 ? `(${total}) ${title}` : title;
}

/** The App Badging API, where the browser has it (an installed app shows the count on its icon). */
interface Badging {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Puts the total on the installed app's icon, or clears it at 0; browsers without badging are left alone. */
export function showOnAppBadge(total: number, badging: Badging = navigator): void {
  // A badge is a courtesy: a refusal (the app is not installed, say) changes nothing in the app.
  const ignore = () => undefined;
  if (total > 0) badging.setAppBadge?.(total).catch(ignore);
  else badging.clearAppBadge?.().catch(ignore);
}

/** Records a new total: titles (PageTitle) re-render from the store, and the app's badge follows. */
export function setUnreadTotal(total: number): void {
  if (useUnreadTotal.getState().total === total) return;
  useUnreadTotal.setState({ total });
  showOnAppBadge(total);
}
