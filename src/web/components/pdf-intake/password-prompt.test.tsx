import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AskPassword } from '../../lib/pdf/pdf-password.js';
import { PasswordDialog } from './password-dialog.js';
import { usePasswordPrompt } from './use-password-prompt.js';

let ask: AskPassword = async () => null;

function Harness() {
  const prompt = usePasswordPrompt();
  ask = prompt.ask;
  return <PasswordDialog {...prompt.dialog} />;
}

describe('usePasswordPrompt with PasswordDialog', () => {
  it('asks for the file’s password and answers with what was typed', async () => {
    render(<Harness />);
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = ask({ name: 'secret.pdf', incorrect: false });
    });
    const dialog = await screen.findByRole('dialog', { name: '“secret.pdf” is password-protected' });
    expect(dialog).toBeVisible();
    const field = screen.getByLabelText('PDF password');
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open' })).toBeDisabled();
    await userEvent.type(field, 'open sesame{Enter}');
    await expect(answer).resolves.toBe('open sesame');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the last password was wrong, and answers null when the file is skipped', async () => {
    render(<Harness />);
    let answer: Promise<string | null> = Promise.resolve('');
    act(() => {
      answer = ask({ name: 'secret.pdf', incorrect: true });
    });
    // The dialog opens in an effect after the render that puts the words in it: wait for it to be open.
    const dialog = await screen.findByRole('dialog', { name: '“secret.pdf” is password-protected' });
    expect(within(dialog).getByText('That password is not right. Try again.')).toBeVisible();
    expect(screen.getByLabelText('PDF password')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Skip this file' }));
    await expect(answer).resolves.toBeNull();
  });

  it('asks about one file at a time, in order', async () => {
    render(<Harness />);
    let first: Promise<string | null> = Promise.resolve(null);
    let second: Promise<string | null> = Promise.resolve(null);
    act(() => {
      first = ask({ name: 'one.pdf', incorrect: false });
      second = ask({ name: 'two.pdf', incorrect: false });
    });
    await screen.findByRole('dialog', { name: '“one.pdf” is password-protected' });
    await userEvent.keyboard('{Escape}');
    await expect(first).resolves.toBeNull();
    await screen.findByRole('dialog', { name: '“two.pdf” is password-protected' });
    await userEvent.type(screen.getByLabelText('PDF password'), 'two{Enter}');
    await expect(second).resolves.toBe('two');
  });

  it('answers null for a question still open when the page goes away', async () => {
    const { unmount } = render(<Harness />);
    let answer: Promise<string | null> = Promise.resolve('');
    act(() => {
      answer = ask({ name: 'secret.pdf', incorrect: false });
    });
    await screen.findByRole('dialog');
    unmount();
    await expect(answer).resolves.toBeNull();
  });
});
