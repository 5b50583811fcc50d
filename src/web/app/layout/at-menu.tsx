import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { IconButton } from '../../components/ui/button.js';
import { CloseIcon, LogOutIcon } from '../../components/ui/icons.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { useLogout } from '../../features/auth/auth-api.js';
import { describeError } from '../../lib/api-client.js';
import styles from './at-menu.module.css';

/**
 * The floating "@" menu (SPEC §2): four destinations, Create AI (after AI Explorer) and a log-out
 * entry. `docked` makes it smaller and lines it up with the chat composer's row, which leaves room
 * for it, so it never covers the box.
 */
export function AtMenu({ username, docked = false }: { username: string; docked?: boolean }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    // pointerdown (not click) so a press anywhere outside closes it, even on non-clickable areas.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  const logOut = () => {
    close();
    logout.mutate();
  };

  const entries = [
    { to: '/chat/:ai', label: 'AI Messenger' },
    { to: '/explorer', label: 'AI Explorer' },
    { to: '/create', label: 'Create AI' },
    { to: '/studio', label: 'AI Studio' },
    { to: `/${username}`, label: 'Update' },
  ];

  return (
    <div ref={rootRef} className={docked ? `${styles.root} ${styles.docked}` : styles.root}>
      {logout.isError ? (
        <div role="alert" className={styles.error}>
          <span>Could not log out: {describeError(logout.error)}</span>
          <IconButton size="sm" aria-label="Dismiss" onClick={() => logout.reset()}>
            <CloseIcon size={16} />
          </IconButton>
        </div>
      ) : null}
      {open ? (
        <nav id={menuId} aria-label="Main menu" className={styles.menu}>
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={entry.label}>
                <NavLink to={entry.to} end className={styles.entry} onClick={close}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
            <li className={styles.logoutRow}>
              <Tooltip label="Log out" kind="secondary" placement="left">
                <IconButton aria-label="Log out" onClick={logOut} disabled={logout.isPending}>
                  <LogOutIcon />
                </IconButton>
              </Tooltip>
            </li>
          </ul>
        </nav>
      ) : null}
      <Tooltip label="Menu" placement="left">
        <button
          ref={buttonRef}
          type="button"
          className={styles.trigger}
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">@</span>
        </button>
      </Tooltip>
    </div>
  );
}
