import type { ProfileResponse, PublicUser, SelfUser } from '../../../contracts/users.js';
import type { UserRow } from '../../db/schema.js';
import { openingMessageOf } from '../personas/opening-message.js';
import { voiceOf } from './voice-columns.js';

/**
 * A user row as anyone may see it; a persona's prompt and memory only for its creator, its opening message (the
 * first bubble every chatter reads anyway) for any signed-in viewer.
 */
/** Whether the account (a person or a persona) was deleted: its row stays, emptied and frozen. */
export function isDeleted(row: Pick<UserRow, 'deletedAt'>): boolean {
  return row.deletedAt !== '';
}

export function toPublicUser(row: UserRow, viewer?: Pick<UserRow, 'username'>): PublicUser {
  if (isDeleted(row)) return deletedAccount(row);
  const view: PublicUser = {
    _id: row.id,
    name: row.name,
    username: row.username,
    bio: row.bio,
    profilePic: row.profilePic,
    isAi: row.isAi === 1,
    isFrozen: row.isFrozen === 1,
    tag: row.tag,
    createdByUsername: row.createdByUsername,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  // Everyone who reads a persona's messages hears its voice; a person's voice setting is theirs alone.
  if (row.isAi === 1) {
    view.voice = voiceOf(row);
    view.rating = row.rating;
  }
  if (row.isAi === 1 && viewer) view.openingMessage = openingMessageOf(row);
  if (row.isAi === 1 && viewer && row.createdByUsername === viewer.username) {
    view.prompt = row.prompt;
    view.memory = row.memory;
    if (row.isFrozen === 1) view.frozenReason = row.frozenReason;
  }
  return view;
}

/** A deleted account: its row is empty already; it is shown as "deleted account" and nothing else. */
function deletedAccount(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: '',
    username: row.username,
    bio: '',
    profilePic: '',
    isAi: row.isAi === 1,
    isFrozen: false,
    tag: '',
    createdByUsername: '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deleted: true,
  };
}

/** The account as its owner sees it. */
export function toSelfUser(row: UserRow): SelfUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    readReceipts: row.readReceipts === 1,
    peopleVoice: voiceOf(row),
    isModerator: row.isModerator === 1,
    showMature: row.showMature === 1,
  };
}

/** A profile lookup answer: e-mail only on one's own profile; on a person's, whether the viewer blocked them. */
export function toProfile(row: UserRow, viewer: UserRow, blockedByViewer: boolean): ProfileResponse {
  if (row.id === viewer.id) return toSelfUser(row);
  const view: ProfileResponse = toPublicUser(row, viewer);
  if (row.isAi === 0) view.blockedByYou = blockedByViewer;
  return view;
}
