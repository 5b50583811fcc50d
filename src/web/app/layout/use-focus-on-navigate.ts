import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a page that loads its title (a profile) may take before focus stays on the main region. */
const LATE_TITLE_MS = 3000;

function focusTitle(heading: HTMLElement): void {
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * After a move to another page, focus goes to the new page's h1 (or to the main region until a page
 * that loads its title shows it), so a screen reader announces where the person arrived and Tab goes
 * on from the page's top instead of from a link that no longer exists. A page that put focus into
 * itself (an autofocused field) keeps it; the first page of a visit is left alone, as a browser does.
 */
export function useFocusOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  // The shell's effect runs after its pages' effects, so a page's own focus is already in place.
  useEffect(() => {
    if (shown.current === pathname) return;
    const previous = shown.current;
    shown.current = pathname;
    const main = mainRef.current;
    if (!main) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== main && main.contains(active)) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) return focusTitle(heading);

    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      const late = main.querySelector<HTMLElement>('h1');
      if (!late) return;
      observer.disconnect();
      // Only if the person has not moved on by then.
      if (document.activeElement === main) focusTitle(late);
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), LATE_TITLE_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      // Interrupted before the title came (React's development double run): the next run waits again.
      shown.current = previous;
    };
  }, [pathname, mainRef]);
}
