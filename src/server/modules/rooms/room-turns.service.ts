import type { FastifyBaseLogger } from 'fastify';
import { ROOM_ERRORS, type Room, type StopRoomResponse } from '../../../contracts/rooms.js';
import type { AiLimits } from '../../config.js';
import type { RoomRow, UserRow } from '../../db/schema.js';
import type { Locks } from '../../lib/cluster-locks.js';
import { HttpError, userFacingError } from '../../lib/http-error.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AiBudget, ReleaseAi } from '../ai/ai-budget.js';
import { aiFailure } from '../ai/ai-errors.js';
import { describeAiError, type AiEngine } from '../ai/engine.js';
import { speakAsPersona } from '../ai/speak-as-persona.js';
import { promptText } from '../ai/persona-prompt.js';
import { toMessage } from '../messages/message-view.js';
import type { MessagesRepository } from '../messages/messages.repository.js';
import type { RoomMessageJob } from './room-messages.service.js';
import { buildRoomTurnPrompt, ROOM_HISTORY_MESSAGES } from './room-prompt.js';
import { answerersOf, followerOf, mentionedVoices, type Floor, type Voice } from './room-speakers.js';
import type { MemberWithUser, RoomsRepository } from './rooms.repository.js';
import type { OnDelivered } from '../messages/message-delivered.js';
import type { RoomsService } from './rooms.service.js';
import type { MemoryService } from '../memory/memory.service.js';

/** What another process answers when asked to stop a room's persona. */
export type StopAnswer = 'stopped' | 'forbidden' | 'none';

export interface StopRequest {
  roomId: string;
  userId: string;
  isOwner: boolean;
}

const label = (m: Pick<MemberWithUser, 'name' | 'username'>) => `${m.name} (@${m.username})`;

/**
 * Persona turns in rooms. After a person's message, the room's reply mode says who answers (room-speakers.ts);
 * each turn is spent from the AI budget of the person whose message set it off, streamed to every member's tabs
 * and stored when complete. One run of turns at a time per room, in every process (a lock per room), so turns
 * never interleave; in free mode a run stops at the room's persona turns, or when a person writes again (their
 * message gets its own run). Whoever set a run off, or the owner, may stop it.
 */
export function roomTurnsService(deps: {
  engine: AiEngine;
  budget: AiBudget;
  limits: AiLimits;
  locks: Locks;
  repo: RoomsRepository;
  rooms: Pick<RoomsService, 'presentIn'>;
  messages: Pick<MessagesRepository, 'insertMessage'>;
  accounts: Pick<AccountsRepository, 'findById'>;
  emitter: RealtimeEmitter;
  /** Each persona's memory of the room: in its prompt, and added to after each of its turns. */
  memory: Pick<MemoryService['scoped'], 'facts' | 'rememberFrom'>;
  log: FastifyBaseLogger;
  /** Asks the other processes to stop the room's run (absent when this process is alone). */
  stopElsewhere?: (request: StopRequest) => Promise<StopAnswer>;
  /** Told of each finished turn: the person whose message set it off may be away. */
  onDelivered: OnDelivered;
}) {
  const { engine, budget, limits, locks, repo, messages, accounts, emitter, memory, log } = deps;
  /** Runs going on in this process, by room. */
  const running = new Map<string, { controller: AbortController; triggeredBy: string }>();
  /** Turns being spoken in this process, by room, with the text so far. */
  const speaking = new Map<string, NonNullable<Room['speaking']>>();
  const pending = new Set<Promise<void>>();

  /** The room's personas that may speak now, and who of them spoke lately. */
  async function floorOf(room: RoomRow): Promise<Floor & { members: MemberWithUser[] }> {
    const [members, recent] = await Promise.all([
      repo.members(room.id),
      repo.page(room.id, { from: '', to: '' }, undefined, ROOM_HISTORY_MESSAGES),
    ]);
    const voices: Voice[] = members
      .filter((m) => m.isAi === 1 && m.benched === 0 && m.isFrozen === 0)
      .map((m) => ({ id: m.memberId, username: m.username, name: m.name }));
    const personaIds = new Set(members.filter((m) => m.isAi === 1).map((m) => m.memberId));
    const recentSpeakers = recent.map((m) => m.senderId).filter((id) => personaIds.has(id));
    return { mode: room.replyMode, voices, recentSpeakers, members };
  }

  /** The names the transcript gives its writers, including any who have left the room since. */
  async function namesFor(members: readonly MemberWithUser[], senderIds: readonly string[]) {
    const names = new Map(members.map((m) => [m.memberId, label(m)]));
    for (const id of new Set(senderIds)) {
      if (names.has(id)) continue;
      const row = await accounts.findById(id);
      if (row) names.set(id, label(row));
    }
    return names;
  }

  /** One persona's turn; the stored message, or undefined when it failed or was stopped before saying anything. */
  async function speak(
    job: RoomMessageJob,
    room: RoomRow,
    voice: Voice,
    floor: Awaited<ReturnType<typeof floorOf>>,
    stop: AbortSignal,
  ) {
    const replyId = newId();
    let release: ReleaseAi;
    try {
      release = await budget.admitQueued(job.userId, { signal: stop });
    } catch (error) {
      // Out of budget: said to the person whose message it was, with when to try again.
      if (!stop.aborted)
        emitter.toUsers([job.userId], 'aiReplyError', {
          conversationId: room.id,
          replyId,
          ...userFacingError(aiFailure(error, false)),
        });
      return undefined;
    }
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    try {
      const [persona, seat] = await Promise.all([
        accounts.findById(voice.id),
        repo.membership(room.id, voice.id),
      ]);
      if (!persona || !seat) throw new Error('persona left the room');
      const scope = { conversationId: room.id, personaId: voice.id };
      const [since, remembered] = await Promise.all([
        repo.recentSince(room.id, seat.joinedAt, ROOM_HISTORY_MESSAGES),
        memory.facts(scope),
      ]);
      const names = await namesFor(
        floor.members,
        since.map((m) => m.senderId),
      );
      const prompt = buildRoomTurnPrompt(
        persona,
        {
          roomName: room.name,
          others: floor.members.filter((m) => m.memberId !== voice.id).map(label),
          names,
          remembered,
        },
        since,
      );
      const live = {
        conversationId: room.id,
        replyId,
        personaId: voice.id,
        triggeredBy: job.userId,
        text: '',
      };
      speaking.set(room.id, live);
      emitter.toRoom(room.id, 'aiReplyStart', {
        conversationId: room.id,
        replyId,
        personaId: voice.id,
        triggeredBy: job.userId,
      });
      const speech = await speakAsPersona({
        engine,
        limits,
        persona,
        // Everyone in the room reads it, so the leak guard always keeps the hidden prompt (creator or not).
        viewerUsername: undefined,
        messages: prompt,
        signal: AbortSignal.any([stop, timeout]),
        onDelta: (delta, offset) => {
          live.text += delta;
          emitter.toRoom(room.id, 'aiReplyDelta', { conversationId: room.id, replyId, delta, offset });
        },
      });
      // Stopped part way: what everyone already saw is kept.
      const text = speech.complete ? speech.text : stop.aborted ? speech.shown : '';
      if (!text) throw speech.complete ? new Error('empty') : speech.error;
      const row = { id: replyId, conversationId: room.id, senderId: persona.id, text, createdAt: nowIso() };
      await repo.transaction(async (trx) => {
        await messages.insertMessage(row, trx);
        await repo.setLatest(row, trx);
      });
      emitter.toRoom(room.id, 'newMessage', toMessage({ ...row, seen: 0 }));
      deps.onDelivered({ conversationId: room.id, room: true, senderId: persona.id, text, to: [job.userId] });
      // Best effort, and not waited for: the next turn need not wait for the persona to take notes.
      const lastTurn = since.findLastIndex((m) => m.senderId === voice.id);
      const said = since
        .slice(lastTurn + 1)
        .map((m) => `${names.get(m.senderId) ?? 'Someone'}: ${promptText(m)}`);
      void memory.rememberFrom(
        scope,
        job.userId,
        { personaName: persona.name, said, reply: text, replyId: row.id },
        AbortSignal.timeout(limits.timeoutMs),
      );
      return row;
    } catch (error) {
      const { message, code } = aiFailure(error, timeout.aborted);
      // Not the error object itself: SDK errors carry the request body, i.e. the persona's prompt and the chat.
      log.warn({ error: describeAiError(error), roomId: room.id }, 'room persona turn failed');
      emitter.toRoom(room.id, 'aiReplyError', {
        conversationId: room.id,
        replyId,
        error: stop.aborted ? 'Stopped' : message,
        code,
      });
      return undefined;
    } finally {
      speaking.delete(room.id);
      release();
    }
  }

  /** The turns a person's message sets off, one after another. */
  async function turns(job: RoomMessageJob, stop: AbortSignal): Promise<void> {
    const room = await repo.findRoom(job.roomId);
    if (!room) return;
    let floor = await floorOf(room);
    const queue = answerersOf(job.text, floor);
    let spoken = 0;
    while (queue.length > 0 && !stop.aborted) {
      const voice = queue.shift() as Voice;
      // Benched or gone since the run began: it says nothing.
      if (!floor.voices.some((v) => v.id === voice.id)) continue;
      const said = await speak(job, room, voice, floor, stop);
      spoken += 1;
      if (!said || stop.aborted || room.replyMode !== 'free' || spoken >= room.personaTurns) continue;
      // A person wrote meanwhile: their message gets its own run, this one ends here.
      if (await repo.personWroteAfter(room.id, said.id)) break;
      floor = await floorOf(room);
      const next = followerOf({ speakerId: voice.id, text: said.text }, floor);
      if (next) queue.push(next);
    }
  }

  async function run(job: RoomMessageJob): Promise<void> {
    // A quick look first: a message nobody will answer takes no lock, and in a room without a persona one read.
    if (!(await repo.hasSpeakingPersona(job.roomId))) return;
    const room = await repo.findRoom(job.roomId);
    if (!room) return;
    const floor = await floorOf(room);
    if (floor.voices.length === 0) return;
    if (room.replyMode === 'mentioned' && mentionedVoices(job.text, floor.voices).length === 0) return;
    const lease = await locks.acquire(`room-turns:${job.roomId}`);
    const controller = new AbortController();
    running.set(job.roomId, { controller, triggeredBy: job.userId });
    try {
      await turns(job, controller.signal);
    } finally {
      running.delete(job.roomId);
      lease.release();
    }
  }

  /** Stops this process's run in the room, if there is one and the person may. */
  function stopHere({ roomId, userId, isOwner }: StopRequest): StopAnswer {
    const run = running.get(roomId);
    if (!run) return 'none';
    if (!isOwner && run.triggeredBy !== userId) return 'forbidden';
    run.controller.abort();
    return 'stopped';
  }

  return {
    stopHere,

    /** The persona speaking in the room now, with its text so far, if its turn runs in this process. */
    speakingIn: (roomId: string) => speaking.get(roomId),

    /** The room's personas answer a person's message (queued behind the room's run going on, if any). */
    answer(job: RoomMessageJob): Promise<void> {
      const next = run(job).catch((err: unknown) =>
        log.error({ err, roomId: job.roomId }, 'room turns failed'),
      );
      pending.add(next);
      void next.finally(() => pending.delete(next));
      return next;
    },

    async stop(user: Pick<UserRow, 'id'>, roomId: string): Promise<StopRoomResponse> {
      const mine = await deps.rooms.presentIn(user, roomId);
      const request = { roomId, userId: user.id, isOwner: mine.ownerId === user.id };
      let answer = stopHere(request);
      if (answer === 'none' && deps.stopElsewhere) answer = await deps.stopElsewhere(request);
      if (answer === 'forbidden') throw new HttpError(403, ROOM_ERRORS.mayNotStop);
      if (answer === 'none') throw new HttpError(409, ROOM_ERRORS.nothingToStop);
      return { stopped: true };
    },

    /** Settles once every run queued or going on now has ended. */
    async settled(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}

export type RoomTurnsService = ReturnType<typeof roomTurnsService>;
