import type { ReactNode } from 'react';
import { Tooltip } from '../../../components/ui/tooltip.js';

interface TipIconButtonProps {
  /** Both the accessible name and the tooltip: an icon alone says nothing to anyone. */
  label: string;
  className: string | undefined;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A small icon-only button with a secondary tooltip that repeats its name. */
export function TipIconButton({ label, className, disabled, onClick, children }: TipIconButtonProps) {
  return (
    <Tooltip label={label} kind="secondary">
      <button type="button" className={className} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </button>
    </Tooltip>
  );
}
