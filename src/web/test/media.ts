/**
 * jsdom has no matchMedia. This stand-in evaluates the few queries the app uses (min/max-width and
 * prefers-reduced-motion) against a viewport that tests can change, and notifies listeners.
 */

interface Viewport {
  width: number;
  reducedMotion: boolean;
}

let viewport: Viewport = { width: 1280, reducedMotion: false };
const lists = new Set<{ query: string; listeners: Set<() => void> }>();

function evaluate(query: string): boolean {
  return query.split(' and ').every((part) => {
    const min = /min-width:\s*(\d+)px/.exec(part);
    if (min?.[1]) return viewport.width >= Number(min[1]);
    const max = /max-width:\s*(\d+)px/.exec(part);
    if (max?.[1]) return viewport.width <= Number(max[1]);
    if (part.includes('prefers-reduced-motion: reduce')) return viewport.reducedMotion;
    return false;
  });
}

/** Installs window.matchMedia once per test file. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const entry = { query, listeners: new Set<() => void>() };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => entry.listeners.delete(listener),
      addListener: (listener: () => void) => entry.listeners.add(listener),
      removeListener: (listener: () => void) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Changes the simulated screen and tells every media query listener. */
export function setViewport(next: Partial<Viewport>): void {
  viewport = { ...viewport, ...next };
  lists.forEach((entry) => entry.listeners.forEach((listener) => listener()));
}
