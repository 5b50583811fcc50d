/**
 * Password-protected PDFs: pdf.js refuses them with a PasswordException (code 1: none given, code 2: a
 * wrong one). Instead of that refusal, the person is asked, again after a wrong password, until they give
 * the right one or decline.
 */

/** What to ask: the file's name, and whether the last password was wrong. */
export interface PasswordRequest {
  name: string;
  incorrect: boolean;
}

/** Asks the person for a file's password; null when they decline. */
export type AskPassword = (request: PasswordRequest) => Promise<string | null>;

// pdf.js's PasswordResponses.INCORRECT_PASSWORD.
const INCORRECT_PASSWORD = 2;

/** 'needed' or 'incorrect' for pdf.js's password refusal, null for any other error. */
export function passwordNeed(error: unknown): 'needed' | 'incorrect' | null {
  if (typeof error !== 'object' || error === null || !('name' in error)) return null;
  if (error.name !== 'PasswordException') return null;
  return 'code' in error && error.code === INCORRECT_PASSWORD ? 'incorrect' : 'needed';
}

/** Thrown when the person declines to give a protected file's password; its message says so. */
export class PasswordDeclinedError extends Error {
  override name = 'PasswordDeclinedError';
  constructor() {
    super('the file is password-protected and no password was given');
  }
}

/**
 * Opens a file with `open`, asking for its password while pdf.js refuses it. `known` is tried first (a
 * password given earlier in this session). Returns what `open` gave and the password that worked.
 */
export async function openWithPassword<T>(
  name: string,
  open: (password: string | undefined) => Promise<T>,
  ask: AskPassword,
  known?: string,
): Promise<{ value: T; password: string | undefined }> {
  let password = known;
  for (;;) {
    try {
      return { value: await open(password), password };
    } catch (error) {
      const need = passwordNeed(error);
      if (!need) throw error;
      // A remembered password that no longer works is asked for afresh, not reported as wrong.
      const answer = await ask({ name, incorrect: need === 'incorrect' && password !== known });
      if (answer === null) throw new PasswordDeclinedError();
      password = answer;
    }
  }
}
