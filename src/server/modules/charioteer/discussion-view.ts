import type { Discussion, Seat, Turn } from '../../../contracts/charioteer.js';
import type { DiscussionRow, DiscussionTurnRow, UserRow } from '../../db/schema.js';

/** The ids of a discussion's seats, in seating order (stored as a JSON array). */
export function seatIds(row: Pick<DiscussionRow, 'seatIds'>): string[] {
  return JSON.parse(row.seatIds) as string[];
}

export function toSeat(user: UserRow): Seat {
  return { _id: user.id, username: user.username, name: user.name, profilePic: user.profilePic };
}

export function toDiscussion(row: DiscussionRow, seats: Seat[]): Discussion {
  return {
    _id: row.id,
    topic: row.topic,
    seats,
    status: row.status,
    nextSpeakerId: row.nextSpeakerId,
    turnsLeft: row.turnsLeft,
    error: row.error,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toTurn(row: DiscussionTurnRow): Turn {
  return {
    _id: row.id,
    discussionId: row.discussionId,
    speakerId: row.speakerId,
    speakerKind: row.speakerKind,
    text: row.text,
    cutShort: row.cutShort === 1,
    createdAt: row.createdAt,
  };
}

/** Who speaks after the last persona turn, in seat order; the first seat opens. */
export function nextInOrder(seats: string[], turns: DiscussionTurnRow[]): string {
  const last = [...turns].reverse().find((t) => t.speakerKind === 'persona');
  const index = last ? seats.indexOf(last.speakerId) : -1;
  return seats[(index + 1) % seats.length] ?? seats[0] ?? '';
}
