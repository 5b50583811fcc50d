import type { z } from 'zod';
import {
  ROOM_ERRORS,
  ROOM_LIMITS,
  type AddMembersRequest,
  type CreateRoomRequest,
  type Room,
  type RoomSummary,
  type UpdateRoomRequest,
} from '../../../contracts/rooms.js';
import type { RoomMemberRow, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { BlocksService } from '../safety/blocks.service.js';
import { toRoom, toRoomSummary } from './room-view.js';
import type { Membership, RoomsRepository } from './rooms.repository.js';

type Person = Pick<UserRow, 'id'>;
type Reader = Pick<UserRow, 'id' | 'readReceipts'>;
type NewMember = Pick<RoomMemberRow, 'memberId' | 'isAi'>;

/**
 * Rooms and who is in them: creating, reading, the owner's settings, adding, removing and leaving. Every call
 * checks membership first (someone never in a room is told it does not exist); a member who leaves or is
 * removed stops hearing the room at once (their tabs leave its channel in every process).
 */
export function roomsService(deps: {
  repo: RoomsRepository;
  accounts: Pick<AccountsRepository, 'findByUsername'>;
  blocks: Pick<BlocksService, 'setsOf'>;
  emitter: RealtimeEmitter;
  /** New members learn who of the room is online, and the room learns of them. */
  introduce: (newMembers: string[], roomPeople: string[]) => void;
  /** The persona speaking in the room now, if this process runs its turn. */
  speakingIn: (roomId: string) => Room['speaking'];
}) {
  const { repo, accounts, blocks, emitter } = deps;

  /** The person's membership, present or past; a room they were never in is "not found". */
  async function membershipOf(user: Person, roomId: string): Promise<Membership> {
    const membership = isId(roomId) ? await repo.membership(roomId, user.id) : undefined;
    if (!membership) throw new HttpError(404, ROOM_ERRORS.notFound);
    return membership;
  }

  /** The person is in the room now. */
  async function presentIn(user: Person, roomId: string): Promise<Membership> {
    const membership = await membershipOf(user, roomId);
    if (membership.leftAt !== '') throw new HttpError(403, ROOM_ERRORS.leftRoom);
    return membership;
  }

  async function ownerOf(user: Person, roomId: string): Promise<Membership> {
    const membership = await presentIn(user, roomId);
    if (membership.ownerId !== user.id) throw new HttpError(403, ROOM_ERRORS.ownerOnly);
    return membership;
  }

  /** Resolves usernames to people the adder may bring in: live people who have not blocked them (nor they them). */
  async function peopleNamed(adder: Person, usernames: readonly string[]): Promise<NewMember[]> {
    const sets = await blocks.setsOf(adder.id);
    const people: NewMember[] = [];
    for (const username of new Set(usernames)) {
      const row = await accounts.findByUsername(username);
      if (!row || row.isFrozen === 1) throw new HttpError(404, ROOM_ERRORS.noSuchUser(username));
      if (row.isAi === 1) throw new HttpError(400, ROOM_ERRORS.notPerson(username));
      if (row.id === adder.id) continue;
      // One answer for both directions, so nobody learns that they were blocked.
      if (sets.blockedBy.has(row.id) || sets.blocked.has(row.id))
        throw new HttpError(403, ROOM_ERRORS.cannotAdd(username));
      people.push({ memberId: row.id, isAi: 0 });
    }
    return people;
  }

  /** Resolves usernames to personas the adder may bring in: live ones they may see (mature only if they chose). */
  async function personasNamed(
    adder: Pick<UserRow, 'id' | 'username' | 'showMature'>,
    usernames: readonly string[],
  ): Promise<NewMember[]> {
    const sets = await blocks.setsOf(adder.id);
    const personas: NewMember[] = [];
    for (const username of new Set(usernames)) {
      const row = await accounts.findByUsername(username);
      if (!row || row.isAi !== 1 || row.isFrozen === 1)
        throw new HttpError(404, ROOM_ERRORS.noSuchPersona(username));
      const own = row.createdByUsername === adder.username;
      if (
        !own &&
        (sets.blockedUsernames.has(row.createdByUsername) ||
          (row.rating === 'mature' && adder.showMature !== 1))
      )
        throw new HttpError(403, ROOM_ERRORS.privatePersona(username));
      personas.push({ memberId: row.id, isAi: 1 });
    }
    return personas;
  }

  async function view(reader: Reader, roomId: string, membership?: Membership): Promise<Room> {
    const mine = membership ?? (await membershipOf(reader, roomId));
    const [room, members, memoryOn] = await Promise.all([
      repo.findRoom(roomId),
      repo.members(roomId),
      repo.memoryOn(roomId),
    ]);
    if (!room) throw new HttpError(404, ROOM_ERRORS.notFound);
    const as = { ...mine, receiptsOn: reader.readReceipts === 1 };
    return toRoom({ ...room, memoryOn }, members, as, deps.speakingIn(roomId));
  }

  const changed = (roomId: string) => emitter.toRoom(roomId, 'roomChanged', { roomId });

  return {
    membershipOf,
    presentIn,
    view,

    async create(
      owner: Pick<UserRow, 'id' | 'username' | 'showMature' | 'readReceipts'>,
      input: z.output<typeof CreateRoomRequest>,
    ): Promise<Room> {
      const people = await peopleNamed(owner, input.people);
      if (people.length + 1 < ROOM_LIMITS.peopleMin) throw new HttpError(400, ROOM_ERRORS.tooFewPeople);
      const personas = await personasNamed(owner, input.personas);
      const roomId = newId();
      const room = {
        id: roomId,
        name: input.name,
        ownerId: owner.id,
        replyMode: input.replyMode,
        personaTurns: ROOM_LIMITS.personaTurnsDefault,
        createdAt: nowIso(),
      };
      await repo.transaction((trx) =>
        repo.create(room, [{ memberId: owner.id, isAi: 0 }, ...people, ...personas], trx),
      );
      const everyone = [owner.id, ...people.map((p) => p.memberId)];
      emitter.joinRoom(everyone, roomId);
      changed(roomId);
      deps.introduce(everyone, everyone);
      return view(owner, roomId);
    },

    async list(user: Person): Promise<RoomSummary[]> {
      return (await repo.list(user.id)).map(toRoomSummary);
    },

    async update(owner: Reader, roomId: string, patch: z.output<typeof UpdateRoomRequest>): Promise<Room> {
      await ownerOf(owner, roomId);
      const { memoryOn, ...settings } = patch;
      await repo.transaction(async (trx) => {
        if (Object.values(settings).some((value) => value !== undefined))
          await repo.updateRoom(roomId, settings, trx);
        if (memoryOn !== undefined) await repo.setMemoryOn(roomId, memoryOn, trx);
      });
      changed(roomId);
      return view(owner, roomId);
    },

    async addMembers(
      owner: Pick<UserRow, 'id' | 'username' | 'showMature' | 'readReceipts'>,
      roomId: string,
      input: z.output<typeof AddMembersRequest>,
    ): Promise<Room> {
      await ownerOf(owner, roomId);
      const present = new Set((await repo.members(roomId)).map((m) => `${m.isAi}:${m.memberId}`));
      const isNew = (m: NewMember) => !present.has(`${m.isAi}:${m.memberId}`);
      const people = (await peopleNamed(owner, input.people)).filter(isNew);
      const personas = (await personasNamed(owner, input.personas)).filter(isNew);
      const count = (isAi: 0 | 1) => [...present].filter((key) => key.startsWith(`${isAi}:`)).length;
      if (count(0) + people.length > ROOM_LIMITS.peopleMax)
        throw new HttpError(400, ROOM_ERRORS.tooManyPeople);
      if (count(1) + personas.length > ROOM_LIMITS.personasMax)
        throw new HttpError(400, ROOM_ERRORS.tooManyPersonas);
      if (people.length + personas.length > 0) {
        await repo.transaction((trx) => repo.addMembers(roomId, [...people, ...personas], nowIso(), trx));
        const newPeople = people.map((p) => p.memberId);
        emitter.joinRoom(newPeople, roomId);
        changed(roomId);
        deps.introduce(newPeople, await repo.peopleIn(roomId));
      }
      return view(owner, roomId);
    },

    /** The owner removes a member, or a member (the owner only once alone or after handing over) leaves. */
    async removeMember(user: Person, roomId: string, memberId: string): Promise<void> {
      const mine = await presentIn(user, roomId);
      const leaving = memberId === user.id;
      if (!leaving && mine.ownerId !== user.id) throw new HttpError(403, ROOM_ERRORS.ownerOnly);
      if (leaving && mine.ownerId === user.id && (await repo.peopleIn(roomId)).length > 1)
        throw new HttpError(409, ROOM_ERRORS.ownerLeaves);
      if (!isId(memberId) || !(await repo.removeMember(roomId, memberId, nowIso())))
        throw new HttpError(404, ROOM_ERRORS.notMember);
      // Their tabs stop hearing the room before anyone else hears of the change.
      emitter.leaveRoom([memberId], roomId);
      emitter.toUsers([memberId], 'roomRemoved', { roomId });
      changed(roomId);
    },

    async transferOwner(owner: Reader, roomId: string, memberId: string): Promise<Room> {
      await ownerOf(owner, roomId);
      const target = isId(memberId) ? await repo.membership(roomId, memberId) : undefined;
      if (!target || target.leftAt !== '') throw new HttpError(404, ROOM_ERRORS.notMember);
      if (target.isAi === 1) throw new HttpError(400, ROOM_ERRORS.ownerToPerson);
      await repo.updateRoom(roomId, { ownerId: memberId });
      changed(roomId);
      return view(owner, roomId);
    },

    async bench(owner: Reader, roomId: string, personaId: string, benched: boolean): Promise<Room> {
      await ownerOf(owner, roomId);
      const persona = isId(personaId) ? await repo.membership(roomId, personaId) : undefined;
      if (!persona || persona.leftAt !== '' || persona.isAi !== 1)
        throw new HttpError(404, ROOM_ERRORS.notPersonaMember);
      await repo.setMemberFlag(roomId, personaId, 'benched', benched);
      changed(roomId);
      return view(owner, roomId);
    },

    /**
     * The memory a persona keeps of this room, for a member to read or change: the persona must be (or have been)
     * in the room. `enabled` is the owner's memory switch.
     */
    async personaMemory(user: Person, roomId: string, personaId: string) {
      await presentIn(user, roomId);
      const persona = isId(personaId) ? await repo.membership(roomId, personaId) : undefined;
      if (persona?.isAi !== 1) throw new HttpError(404, ROOM_ERRORS.notPersonaMember);
      return { scope: { conversationId: roomId, personaId }, enabled: await repo.memoryOn(roomId) };
    },

    async setMuted(user: Person, roomId: string, muted: boolean): Promise<{ _id: string; muted: boolean }> {
      await presentIn(user, roomId);
      await repo.setMemberFlag(roomId, user.id, 'muted', muted);
      return { _id: roomId, muted };
    },
  };
}

export type RoomsService = ReturnType<typeof roomsService>;
