import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePdfOpener } from './use-pdf-opener.js';

const openPdf = vi.hoisted(() => vi.fn());
vi.mock('../pdf/pdfjs.js', () => ({ openPdf }));

/** pdf.js's refusal of a protected file: code 1 without a password, 2 with a wrong one. */
const refusal = (code: number) => Object.assign(new Error('refused'), { name: 'PasswordException', code });

beforeEach(() => {
  openPdf.mockReset().mockImplementation(async (_bytes: Uint8Array, password?: string) => {
    if (password === undefined) throw refusal(1);
    if (password !== 'right') throw refusal(2);
    return { numPages: 1 };
  });
});

describe('usePdfOpener', () => {
  it('asks for a protected file’s password once, and reuses it for the same file this visit', async () => {
    const ask = vi.fn(async () => 'right');
    const { result } = renderHook(() => usePdfOpener(ask));
    const bytes = new Uint8Array([1]);
    await expect(result.current.open('id-1', 'secret.pdf', bytes)).resolves.toEqual({ numPages: 1 });
    expect(result.current.passwordFor('id-1')).toBe('right');
    await result.current.open('id-1', 'secret.pdf', bytes);
    expect(ask).toHaveBeenCalledTimes(1);

    result.current.forget('id-1');
    await result.current.open('id-1', 'secret.pdf', bytes);
    expect(ask).toHaveBeenCalledTimes(2);
    result.current.forgetAll();
    expect(result.current.passwordFor('id-1')).toBeUndefined();
  });

  it('fails with PasswordDeclinedError when the person skips the file', async () => {
    const { result } = renderHook(() => usePdfOpener(async () => null));
    await expect(result.current.open('id-2', 'secret.pdf', new Uint8Array())).rejects.toMatchObject({
      name: 'PasswordDeclinedError',
    });
  });
});
