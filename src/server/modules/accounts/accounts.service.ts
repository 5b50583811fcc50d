import type { z } from 'zod';
import { ERRORS } from '../../../contracts/errors.js';
import { MODERATION_ERRORS } from '../../../contracts/moderation.js';
import { isAiEmail } from '../../../contracts/rules.js';
import type { SignupRequest, UpdateUserRequest, LoginRequest } from '../../../contracts/users.js';
import { isUniqueViolation, violatedColumn } from '../../db/database.js';
import type { UserPatch, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newRow, nowIso } from '../../lib/ids.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { AccountsRepository } from './accounts.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { isDeleted } from './user-view.js';
import { voiceColumns } from './voice-columns.js';

export interface UpdateOutcome {
  user: UserRow;
  passwordChanged: boolean;
}

function refuseAiDomain(email: string): void {
  if (isAiEmail(email)) throw new HttpError(400, 'That email domain is reserved');
}

/** Turns a unique-constraint race into the same 409 the pre-checks give. */
function conflictFrom(error: unknown): never {
  if (isUniqueViolation(error)) {
    const email = violatedColumn(error).includes('email');
    throw email
      ? new HttpError(409, ERRORS.emailTaken, 'email_taken')
      : new HttpError(409, ERRORS.usernameTaken, 'username_taken');
  }
  throw error;
}

/** Account rules: who may sign up, log in, see and change which profile. */
/** What a suspended person is told at sign-in. */
export function suspendedMessage(until: string): string {
  if (until === 'never') return `${MODERATION_ERRORS.suspended} It will not be restored.`;
  const date = new Date(until).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${MODERATION_ERRORS.suspended} You can sign in again on ${date}.`;
}

export function accountsService(
  repo: AccountsRepository,
  uploads: UploadsService,
  /** A name, username or picture others see changed (called after the commit). */
  onPersonChanged: () => void = () => undefined,
  /** Lifts a suspension whose time is up (moderation), at the person's next sign-in. */
  liftSuspension: (user: UserRow) => Promise<void> = async () => undefined,
) {
  async function assertFree(username: string | undefined, email: string | undefined, selfId?: string) {
    const byName = username ? await repo.findByUsername(username) : undefined;
    if (byName && byName.id !== selfId) throw new HttpError(409, ERRORS.usernameTaken, 'username_taken');
    const byEmail = email ? await repo.findByEmail(email) : undefined;
    if (byEmail && byEmail.id !== selfId) throw new HttpError(409, ERRORS.emailTaken, 'email_taken');
  }

  async function resolvePicture(
    userId: string,
    requested: string | undefined,
    current: string,
  ): Promise<string | undefined> {
    if (requested === undefined || requested === current) return undefined;
    if (requested === '') return '';
    if (requested.startsWith('data:')) return uploads.saveImage(userId, requested);
    throw new HttpError(400, 'profilePic must be an image data URL');
  }

  return {
    async signup(input: z.output<typeof SignupRequest>): Promise<UserRow> {
      refuseAiDomain(input.email);
      await assertFree(input.username, input.email);
      return repo
        .insert({
          ...newRow(),
          name: input.name,
          username: input.username,
          email: input.email,
          passwordHash: await hashPassword(input.password),
        })
        .catch(conflictFrom);
    },

    /** The same 401 whether the user is unknown, frozen, a persona, or the password is wrong. */
    async login(input: z.output<typeof LoginRequest>): Promise<UserRow> {
      const user = await repo.findByUsername(input.username);
      // A suspended person who knows their password is told so, and until when; once it is over it is lifted.
      if (user && user.isAi === 0 && user.frozenBy === 'suspension' && user.isFrozen === 1) {
        if (!(await verifyPassword(user.passwordHash, input.password)))
          throw new HttpError(401, ERRORS.badCredentials, 'bad_credentials');
        if (user.suspendedUntil === 'never' || user.suspendedUntil > nowIso())
          throw new HttpError(403, suspendedMessage(user.suspendedUntil), 'suspended');
        await liftSuspension(user);
        onPersonChanged();
        return { ...user, isFrozen: 0, frozenBy: '', suspendedUntil: '' };
      }
      const usable = user && user.isAi === 0 && user.isFrozen === 0 ? user : undefined;
      const ok = await verifyPassword(usable?.passwordHash, input.password);
      if (!usable || !ok) throw new HttpError(401, ERRORS.badCredentials, 'bad_credentials');
      return usable;
    },

    /**
     * Looks a profile up by username or id; frozen accounts are treated as absent, except a persona frozen by a
     * moderator to its own creator, who is told why, and a deleted account (shown as "deleted account").
     */
    async profile(query: string, viewer: Pick<UserRow, 'username'>): Promise<UserRow> {
      const user = isId(query)
        ? await repo.findById(query)
        : await repo.findByUsername(query.trim().toLowerCase());
      const toldWhy =
        user?.isAi === 1 && user.frozenBy === 'moderator' && user.createdByUsername === viewer.username;
      // A deleted account is shown as one, so the conversations it leaves behind still open.
      const shown = (user !== undefined && isDeleted(user)) || toldWhy;
      if (!user || (user.isFrozen === 1 && !shown)) throw new HttpError(404, ERRORS.userNotFound);
      return user;
    },

    async update(
      viewer: UserRow,
      id: string,
      input: z.output<typeof UpdateUserRequest>,
    ): Promise<UpdateOutcome> {
      if (viewer.id !== id) throw new HttpError(403, ERRORS.forbiddenProfile);
      const emailChanges = input.email !== undefined && input.email !== viewer.email;
      if (emailChanges || input.password) {
        if (!input.currentPassword)
          throw new HttpError(403, ERRORS.currentPasswordNeeded, 'current_password_needed');
        if (!(await verifyPassword(viewer.passwordHash, input.currentPassword))) {
          throw new HttpError(403, ERRORS.currentPasswordWrong, 'current_password_wrong');
        }
      }
      if (input.email !== undefined) refuseAiDomain(input.email);
      await assertFree(input.username, input.email, viewer.id);
      const patch: UserPatch = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.username !== undefined) patch.username = input.username;
      if (input.email !== undefined) patch.email = input.email;
      if (input.bio !== undefined) patch.bio = input.bio;
      if (input.readReceipts !== undefined) patch.readReceipts = input.readReceipts ? 1 : 0;
      if (input.showMature !== undefined) patch.showMature = input.showMature ? 1 : 0;
      if (input.peopleVoice !== undefined) Object.assign(patch, voiceColumns(input.peopleVoice));
      const passwordChanged = Boolean(input.password);
      if (input.password) patch.passwordHash = await hashPassword(input.password);
      const picture = await resolvePicture(viewer.id, input.profilePic, viewer.profilePic);
      if (picture !== undefined) patch.profilePic = picture;
      if (Object.keys(patch).length === 0) return { user: viewer, passwordChanged };
      patch.updatedAt = nowIso();
      const newUsername = patch.username !== viewer.username ? patch.username : undefined;
      const user = await repo
        .transaction(async (trx) => {
          if (newUsername) await repo.renameCreator(viewer.username, newUsername, trx);
          return repo.update(viewer.id, patch, trx);
        })
        .catch(conflictFrom);
      onPersonChanged();
      // The picture it replaced goes too, unless another account shows the same file (names are content hashes).
      if (picture !== undefined && viewer.profilePic && !(await repo.isPictureUsed(viewer.profilePic))) {
        await uploads.remove(viewer.profilePic);
      }
      return { user, passwordChanged };
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
