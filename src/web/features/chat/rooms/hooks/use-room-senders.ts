import { useMemo } from 'react';
import type { Message } from '../../../../../contracts/messages.js';
import { DELETED_ACCOUNT_NAME } from '../../../../../contracts/my-data.js';
import type { Room, RoomMember } from '../../../../../contracts/rooms.js';
import type { SelfUser } from '../../../../../contracts/users.js';
import type { Sender } from '../../components/message-list.js';
import { seenByCount } from '../api/room-cache.js';

/** Said for a message whose sender is no longer among the members. */
export const FORMER_MEMBER = 'former member';

/** The voice a member's messages are read in for me: a persona's is its creator's, people's is mine. */
function voiceOf(member: RoomMember, me: SelfUser) {
  return member.isAi
    ? { name: member.voiceName, rate: member.voiceRate, pitch: member.voicePitch }
    : me.peopleVoice;
}

/**
 * Who wrote each of a room's messages, as the message list shows them, and the "Seen by N" under the last of
 * each run of my messages (where others usually answer), from the members' read positions.
 */
export function useRoomSenders(room: Room, me: SelfUser, messages: readonly Message[]) {
  const members = useMemo(() => new Map(room.members.map((member) => [member._id, member])), [room.members]);
  const senderOf = useMemo(() => {
    const mine: Sender = { username: me.username, voice: me.peopleVoice };
    return (message: Message): Sender => {
      if (message.sender === me._id) return mine;
      const member = members.get(message.sender);
      if (!member) return { username: '', byline: FORMER_MEMBER, voice: me.peopleVoice };
      return {
        username: member.username,
        byline: member.deleted ? DELETED_ACCOUNT_NAME : undefined,
        voice: voiceOf(member, me),
      };
    };
  }, [members, me]);
  const runEnds = useMemo(
    () =>
      new Set(
        messages
          .filter((message, at) => message.sender === me._id && messages[at + 1]?.sender !== me._id)
          .map((message) => message._id),
      ),
    [messages, me._id],
  );
  const seenNote = (message: Message): string | null => {
    if (!runEnds.has(message._id)) return null;
    const count = seenByCount(room, message);
    return count ? `Seen by ${count}` : null;
  };
  return { members, senderOf, seenNote };
}
