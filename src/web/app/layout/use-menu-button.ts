import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';

type FocusTarget = 'first' | 'last';

const ITEM_SELECTOR = '[role="menuitem"]:not([disabled])';

/** The menu's items in order, read from the DOM so the hook need not know what they are. */
function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)] : [];
}

/**
 * The WAI-ARIA menu button pattern: opening moves focus into the menu (ArrowUp on the button opens on
 * the last item), arrows wrap, Home/End jump, Escape closes and returns focus to the button, and Tab,
 * a press outside or focus leaving closes it. The caller renders a button and a role="menu" list of
 * role="menuitem" elements with tabIndex -1 after it, and spreads the returned handlers on them.
 */
export function useMenuButton(): {
  open: boolean;
  close: () => void;
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  menuRef: RefObject<HTMLUListElement | null>;
  buttonProps: {
    onClick: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  };
  menuProps: { onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void };
  rootProps: { onBlur: (event: FocusEvent<HTMLDivElement>) => void };
} {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const close = useCallback(() => setOpen(false), []);
  const openAt = (target: FocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };

  // The items exist (and can take focus) only once the open menu has rendered.
  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menuRef.current);
    (focusTarget === 'first' ? items[0] : items.at(-1))?.focus();
  }, [open, focusTarget]);

  useEffect(() => {
    if (!open) return;
    // pointerdown (not click) so a press anywhere outside closes it, even on non-clickable areas.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemsOf(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(current + 1);
      case 'ArrowUp':
        return moveTo(current - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(items.length - 1);
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      case 'Tab':
        // The browser then moves focus on from the button, as if the menu had never been open: Tab to
        // the page's next control, Shift+Tab to the one before the button.
        buttonRef.current?.focus();
        setOpen(false);
        return;
      case ' ':
        // Space activates a menu item like Enter does, links included.
        event.preventDefault();
        items[current]?.click();
        return;
    }
  };

  const onRootBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && rootRef.current?.contains(next)) return;
    // Focus went somewhere else (or nowhere, when the window lost it): the menu closes behind it.
    if (next !== null) setOpen(false);
  };

  return {
    open,
    close,
    rootRef,
    buttonRef,
    menuRef,
    buttonProps: {
      onClick: () => (open ? setOpen(false) : openAt('first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { onKeyDown: onMenuKeyDown },
    rootProps: { onBlur: onRootBlur },
  };
}
