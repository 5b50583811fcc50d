import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../../contracts/rules.js';

/** "Wider than 500 px" from SPEC §9: tagline and tooltips only appear there. */
export const WIDE_SCREEN_QUERY = `(min-width: ${BREAKPOINTS.wide + 1}px)`;
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a media query currently matches, updating live as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

/** Non-hook check for event handlers. */
export function matchesMedia(query: string): boolean {
  return mediaList(query)?.matches ?? false;
}
