import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../../contracts/rules.js';
import { setViewport } from '../../test/media.js';
import { Tooltip, type TooltipKind } from './tooltip.js';

function renderTooltip(kind: TooltipKind) {
  render(
    <Tooltip label="Star mode" kind={kind}>
      <button type="button" aria-label="Toggle">
        ★
      </button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Toggle' });
}

const hover = (element: HTMLElement) => fireEvent.pointerEnter(element, { pointerType: 'mouse' });

describe('Tooltip', () => {
  it.each([
    ['main', TIMING.tooltipMainMs],
    ['secondary', TIMING.tooltipSecondaryMs],
  ] as const)('a %s tooltip appears after %i ms of hover', (kind, delay) => {
    vi.useFakeTimers();
    const button = renderTooltip(kind);
    hover(button);
    act(() => {
      vi.advanceTimersByTime(delay - 1);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Star mode');
    expect(button).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
  });

  it('uses the SPEC delays: 1.5 s for main, 1 s for secondary', () => {
    expect(TIMING.tooltipMainMs).toBe(1500);
    expect(TIMING.tooltipSecondaryMs).toBe(1000);
  });

  it('is cancelled when the pointer leaves before the delay', () => {
    vi.useFakeTimers();
    const button = renderTooltip('main');
    hover(button);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('never appears on screens 500 px wide or narrower', () => {
    vi.useFakeTimers();
    setViewport({ width: 500 });
    const button = renderTooltip('secondary');
    hover(button);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    fireEvent.focus(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('appears at once on keyboard focus and hides on blur and Escape', () => {
    const button = renderTooltip('main');
    act(() => button.focus());
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    act(() => button.focus());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
