import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../../contracts/rules.js';
import { Drawer, type DrawerSide } from './drawer.js';

function Harness({ side, onClose }: { side?: DrawerSide; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open contacts
      </button>
      <Drawer
        open={open}
        side={side}
        title="Contacts"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <button type="button">First contact</button>
      </Drawer>
    </>
  );
}

async function openDrawer() {
  await userEvent.click(screen.getByRole('button', { name: 'Open contacts' }));
  return screen.getByRole('dialog', { name: 'Contacts' });
}

describe('Drawer', () => {
  it.each(['left', 'right'] as const)('slides in from the %s as a titled modal dialog', async (side) => {
    render(<Harness side={side} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await openDrawer();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-side', side);
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('toggles between normal and full size', async () => {
    render(<Harness />);
    const dialog = await openDrawer();
    const toggle = screen.getByRole('button', { name: 'Full size' });
    expect(dialog).toHaveAttribute('data-size', 'normal');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    expect(dialog).toHaveAttribute('data-size', 'full');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(toggle);
    expect(dialog).toHaveAttribute('data-size', 'normal');
  });

  it('closes on Escape, unmounting after the 0.3 s slide-out, and returns focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = await openDrawer();
    expect(dialog).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Open contacts' })).toHaveFocus();
    // Still mounted while the exit animation plays.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TIMING.drawerAnimationMs);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the open drawer', async () => {
    render(<Harness />);
    await openDrawer();
    const focusables = ['Full size', 'Close', 'First contact'].map((name) =>
      screen.getByRole('button', { name }),
    );
    await userEvent.tab();
    expect(focusables[0]).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(focusables[2]).toHaveFocus();
    await userEvent.tab();
    expect(focusables[0]).toHaveFocus();
  });
});
