import { useId } from 'react';
import { NavLink } from 'react-router';
import { IconButton } from '../../components/ui/button.js';
import { CloseIcon, LogOutIcon } from '../../components/ui/icons.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { useLogout } from '../../features/auth/auth-api.js';
import { describeError } from '../../lib/api-client.js';
import { useMenuButton } from './use-menu-button.js';
import styles from './at-menu.module.css';

/**
 * The menu's destinations, in SPEC §2's order and words; a moderator also has Moderation. The log-out entry
 * follows them.
 */
export function menuEntries(username: string, moderator = false): { to: string; label: string }[] {
  return [
    { to: '/chat/:ai', label: 'AI Messenger' },
    { to: '/explorer', label: 'AI Explorer' },
    { to: '/studio', label: 'AI Studio' },
    { to: `/${username}`, label: 'Update' },
    ...(moderator ? [{ to: '/moderation', label: 'Moderation' }] : []),
  ];
}

/**
 * The floating "@" menu (SPEC §2) as a WAI-ARIA menu button: four destinations (five for a moderator) and a
 * log-out entry.
 * The list comes after the button in the page's order (and is drawn above it). `docked` makes it
 * smaller and lines it up with the chat composer's row, which leaves room for it.
 */
export function AtMenu({
  username,
  moderator = false,
  docked = false,
}: {
  username: string;
  moderator?: boolean;
  docked?: boolean;
}) {
  const menu = useMenuButton();
  const buttonId = useId();
  const menuId = useId();
  const logout = useLogout();

  const logOut = () => {
    menu.close();
    logout.mutate();
  };

  return (
    <div
      ref={menu.rootRef}
      className={docked ? `${styles.root} ${styles.docked}` : styles.root}
      {...menu.rootProps}
    >
      {logout.isError ? (
        <div role="alert" className={styles.error}>
          <span>Could not log out: {describeError(logout.error)}</span>
          <IconButton size="sm" aria-label="Dismiss" onClick={() => logout.reset()}>
            <CloseIcon size={16} />
          </IconButton>
        </div>
      ) : null}
      <Tooltip label="Menu" placement="left">
        <button
          ref={menu.buttonRef}
          id={buttonId}
          type="button"
          className={styles.trigger}
          aria-label="Menu"
          aria-haspopup="menu"
          aria-expanded={menu.open}
          aria-controls={menuId}
          {...menu.buttonProps}
        >
          <span aria-hidden="true">@</span>
        </button>
      </Tooltip>
      <ul
        ref={menu.menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className={styles.menu}
        hidden={!menu.open}
        {...menu.menuProps}
      >
        {menuEntries(username, moderator).map((entry) => (
          <li key={entry.label} role="none">
            <NavLink
              to={entry.to}
              end
              role="menuitem"
              tabIndex={-1}
              className={styles.entry}
              onClick={menu.close}
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
        <li role="none" className={styles.logoutRow}>
          <Tooltip label="Log out" kind="secondary" placement="left">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label="Log out"
              className={styles.logout}
              onClick={logOut}
              disabled={logout.isPending}
            >
              <LogOutIcon />
            </button>
          </Tooltip>
        </li>
      </ul>
    </div>
  );
}
