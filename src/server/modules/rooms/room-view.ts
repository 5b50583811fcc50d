import type { Room, RoomMember, RoomSummary } from '../../../contracts/rooms.js';
import type { RoomRow } from '../../db/schema.js';
import { DELETED_ACCOUNT_NAME } from '../../../contracts/my-data.js';
import type { MemberWithUser, Membership, RoomListRow } from './rooms.repository.js';
import { previewOf } from '../messages/message-view.js';

/** Whose read positions a reader is shown: none with their own read receipts off, as in DMs. */
function toMember(row: MemberWithUser, readerReceiptsOn: boolean): RoomMember {
  const deleted = row.frozenBy === 'deleted';
  const member: RoomMember = {
    _id: row.memberId,
    username: deleted ? DELETED_ACCOUNT_NAME : row.username,
    name: deleted ? DELETED_ACCOUNT_NAME : row.name,
    profilePic: deleted ? '' : row.profilePic,
    isAi: row.isAi === 1,
    benched: row.benched === 1,
    voiceName: row.isAi === 1 ? row.voiceName : '',
    voiceRate: row.isAi === 1 ? row.voiceRate : 1,
    voicePitch: row.isAi === 1 ? row.voicePitch : 1,
  };
  if (deleted) member.deleted = true;
  if (row.isAi === 0 && readerReceiptsOn && row.readReceipts === 1) member.readUpTo = row.readUpTo;
  return member;
}

/** A room as one of its members (present or past) sees it. */
export function toRoom(
  room: RoomRow & { memoryOn: boolean },
  members: readonly MemberWithUser[],
  reader: Pick<Membership, 'joinedAt' | 'leftAt' | 'muted'> & { receiptsOn: boolean },
  speaking: Room['speaking'],
): Room {
  const view: Room = {
    _id: room.id,
    name: room.name,
    ownerId: room.ownerId,
    replyMode: room.replyMode,
    personaTurns: room.personaTurns,
    memoryOn: room.memoryOn,
    // A frozen persona or suspended person is not shown; a deleted account stays, as "deleted account".
    members: members
      .filter((m) => m.isFrozen === 0 || m.frozenBy === 'deleted')
      .map((m) => toMember(m, reader.receiptsOn)),
    joinedAt: reader.joinedAt,
    muted: reader.muted === 1,
    left: reader.leftAt !== '',
  };
  // Someone who left hears no more of the room.
  if (speaking && reader.leftAt === '') view.speaking = speaking;
  return view;
}

export function toRoomSummary(row: RoomListRow): RoomSummary {
  return {
    _id: row.id,
    name: row.name,
    memberCount: Number(row.memberCount),
    latestMessage: previewOf(row.lastText, row.lastSenderId),
    updatedAt: row.updatedAt,
    unreadCount: Number(row.unreadCount),
    muted: row.muted === 1,
  };
}
