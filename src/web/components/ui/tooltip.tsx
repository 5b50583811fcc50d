import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { TIMING } from '../../../contracts/rules.js';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query.js';
import styles from './tooltip.module.css';

export type TooltipKind = 'main' | 'secondary';
export type TooltipPlacement = 'top' | 'bottom' | 'bottom-end' | 'left' | 'right';

/** SPEC §9: a main button's tooltip waits 1.5 s, a secondary one 1 s. */
export function tooltipDelay(kind: TooltipKind): number {
  return kind === 'main' ? TIMING.tooltipMainMs : TIMING.tooltipSecondaryMs;
}

interface TooltipProps {
  label: string;
  kind?: TooltipKind;
  placement?: TooltipPlacement;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // Engines without :focus-visible support: treat focus as keyboard focus.
    return true;
  }
}

/**
 * A hint that appears after a hover delay, or at once on keyboard focus, and only on screens wider
 * than 500 px (phones have no hover and too little room). Escape, leaving or clicking hides it.
 */
export function Tooltip({ label, kind = 'main', placement = 'bottom', children }: TooltipProps) {
  const id = useId();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const hide = () => {
    cancel();
    setOpen(false);
  };

  useEffect(() => cancel, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const onPointerEnter = (event: PointerEvent) => {
    if (!wide || event.pointerType === 'touch') return;
    cancel();
    timer.current = setTimeout(() => setOpen(true), tooltipDelay(kind));
  };

  const visible = open && wide;
  return (
    <span
      className={styles.anchor}
      onPointerEnter={onPointerEnter}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => {
        if (wide && isKeyboardFocus(event.target)) setOpen(true);
      }}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': visible ? id : undefined })}
      {visible ? (
        <span role="tooltip" id={id} className={`${styles.tooltip} ${styles[placement] ?? ''}`}>
          {label}
        </span>
      ) : null}
    </span>
  );
}
