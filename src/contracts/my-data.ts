import { z } from 'zod';
import { LIMITS } from './rules.js';

/**
 * A person's own data (issue 42): the archive of everything they own or wrote, and deleting their account. A
 * deleted account's row stays, emptied, so the messages it delivered keep their place in other people's
 * conversations, shown as from "deleted account"; its username is held for a waiting period, then free.
 */
export const DELETED_ACCOUNT_NAME = 'deleted account';

/** Days a deleted account's username stays taken, so nobody can pass for the person who left. */
export const USERNAME_HOLD_DAYS = 30;

/** GET: the archive as one zip file, streamed. */
export const ARCHIVE_PATH = '/api/users/me/archive';

export const MY_DATA_ERRORS = {
  archiveBusy: 'Your archive is already being prepared. Please wait until it has downloaded.',
  passwordNeeded: 'Enter your password to delete your account',
  passwordWrong: 'That password is not right',
  accountDeleted: 'This account was deleted.',
} as const;

/** DELETE /api/users/me: the password, asked again, so a session left open cannot delete the account. */
export const DeleteAccountRequest = z.object({
  password: z
    .string({ error: MY_DATA_ERRORS.passwordNeeded })
    .min(1, MY_DATA_ERRORS.passwordNeeded)
    .max(LIMITS.passwordMax, MY_DATA_ERRORS.passwordWrong),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = z.object({ message: z.string() });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/** Socket event while an archive is written: how many of the person's messages are in it so far. */
export const ArchiveProgress = z.object({
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ArchiveProgress = z.infer<typeof ArchiveProgress>;
