import { create } from 'zustand';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage.js';

const STAR = 'star';
// Matches --color-bg of each theme so the mobile browser chrome blends in.
const THEME_COLORS = { light: '#f6f4ef', star: '#070a1c' } as const;

/** Puts the theme on <html> so the global stylesheet's tokens switch in one place. */
export function applyTheme(starMode: boolean): void {
  const root = document.documentElement;
  if (starMode) root.dataset.theme = STAR;
  else delete root.dataset.theme;
  root.style.colorScheme = starMode ? 'dark' : 'light';
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', starMode ? THEME_COLORS.star : THEME_COLORS.light);
}

interface ThemeState {
  starMode: boolean;
  toggleStarMode: () => void;
}

/** Star mode: a starry dark theme, remembered in localStorage. */
export const useTheme = create<ThemeState>()((set, get) => ({
  starMode: readItem(STORAGE_KEYS.theme) === STAR,
  toggleStarMode: () => {
    const starMode = !get().starMode;
    if (starMode) writeItem(STORAGE_KEYS.theme, STAR);
    else removeItem(STORAGE_KEYS.theme);
    applyTheme(starMode);
    set({ starMode });
  },
}));
