import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../components/ui/button.js';
import { StarIcon } from '../../components/ui/icons.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { SearchLauncher } from '../../features/search/search-launcher.js';
import { LANDING_AFTER_SIGN_IN } from '../../lib/session-store.js';
import { useTheme } from '../../lib/theme-store.js';
import styles from './top-bar.module.css';

/**
 * Fixed bar for signed-in users: the app name, search, the star-mode switch and, last, the @ menu (`menu`),
 * which has its own room here so it covers no page content.
 */
export function TopBar({ username, menu }: { username: string; menu?: ReactNode }) {
  const starMode = useTheme((state) => state.starMode);
  const toggleStarMode = useTheme((state) => state.toggleStarMode);
  return (
    <header className={styles.bar}>
      <Link to={LANDING_AFTER_SIGN_IN} className={styles.brand}>
        <span className={styles.mark} aria-hidden="true">
          S
        </span>
        Simplified
      </Link>
      <div className={styles.actions}>
        <Link to={`/${username}`} className={styles.handle}>
          @{username}
        </Link>
        <SearchLauncher />
        <Tooltip label={starMode ? 'Star mode is on' : 'Star mode'} placement="bottom-end">
          <IconButton aria-label="Star mode" aria-pressed={starMode} onClick={toggleStarMode}>
            <StarIcon fill={starMode ? 'currentColor' : 'none'} />
          </IconButton>
        </Tooltip>
        {menu}
      </div>
    </header>
  );
}
