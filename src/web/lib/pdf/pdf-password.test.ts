import { describe, expect, it, vi } from 'vitest';
import {
  openWithPassword,
  PasswordDeclinedError,
  passwordNeed,
  type PasswordRequest,
} from './pdf-password.js';

/** pdf.js's refusal, as its worker sends it: an Error named PasswordException with a code. */
const refusal = (code: 1 | 2) =>
  Object.assign(new Error(code === 1 ? 'No password given' : 'Incorrect Password'), {
    name: 'PasswordException',
    code,
  });

/** A protected file that opens with 'right'. */
const protectedFile = async (password: string | undefined) => {
  if (password === undefined) throw refusal(1);
  if (password !== 'right') throw refusal(2);
  return 'opened';
};

describe('passwordNeed', () => {
  it('tells a missing password from a wrong one, and ignores other errors', () => {
    expect(passwordNeed(refusal(1))).toBe('needed');
    expect(passwordNeed(refusal(2))).toBe('incorrect');
    expect(passwordNeed(new Error('Invalid PDF structure.'))).toBeNull();
    expect(passwordNeed('PasswordException')).toBeNull();
  });
});

describe('openWithPassword', () => {
  it('opens an unprotected file without asking', async () => {
    const ask = vi.fn();
    await expect(openWithPassword('a.pdf', async () => 'opened', ask)).resolves.toEqual({
      value: 'opened',
      password: undefined,
    });
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks, says when a password was wrong, and asks again until it opens', async () => {
    const answers = ['wrong', 'right'];
    const asked: PasswordRequest[] = [];
    const result = await openWithPassword('secret.pdf', protectedFile, async (request) => {
      asked.push(request);
      return answers.shift() ?? null;
    });
    expect(result).toEqual({ value: 'opened', password: 'right' });
    expect(asked).toEqual([
      { name: 'secret.pdf', incorrect: false },
      { name: 'secret.pdf', incorrect: true },
    ]);
  });

  it('throws a clear error when the person declines', async () => {
    const opening = openWithPassword('secret.pdf', protectedFile, async () => null);
    await expect(opening).rejects.toBeInstanceOf(PasswordDeclinedError);
    await expect(opening).rejects.toThrow('the file is password-protected and no password was given');
  });

  it('tries a remembered password first, and asks afresh (not "wrong") when it fails', async () => {
    const ask = vi.fn(async () => 'right');
    await expect(openWithPassword('secret.pdf', protectedFile, ask, 'right')).resolves.toMatchObject({
      password: 'right',
    });
    expect(ask).not.toHaveBeenCalled();
    await openWithPassword('secret.pdf', protectedFile, ask, 'stale');
    expect(ask).toHaveBeenCalledWith({ name: 'secret.pdf', incorrect: false });
  });

  it('passes on any other error unchanged', async () => {
    const broken = new Error('Invalid PDF structure.');
    await expect(
      openWithPassword(
        'bad.pdf',
        async () => Promise.reject(broken),
        async () => 'x',
      ),
    ).rejects.toBe(broken);
  });
});
