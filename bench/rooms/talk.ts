/**
 * The rooms benchmark's load inside a load generator (bench/chat/load-generator.ts runs it): everyone in the
 * generator's rooms writes to their room every few seconds, and each arrival at another member is a delivery,
 * timed by this process's clock (all of a room's members live in one generator).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sendRoomMessage, type Member, type UserSet } from '../chat/clients.js';
import { deliveriesOnly, Recorder } from '../chat/load-phases.js';
import type { RoomSpec, RoomsResult, SendPath } from '../chat/protocol.js';

/** How often the schedule is looked at: sends leave at most this late (and are timed from when they were due). */
const TICK_MS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The loop is sampled this often; each sample is the interval's whole length, so this much of it is no delay. */
const LOOP_SAMPLE_MS = 10;

/**
 * Open loop: each member of `rooms` sends to their room every `sendEveryMs` (±25 %, the first at a random
 * moment of the first period, so the rate is even from the start), whether or not the server keeps up. Latency
 * counts from when a message was due, so a sender held up by a slow server, or by this process, does not hide
 * the wait. The same open loop drives the app and the bare relay. The first `reading` share of each room's
 * members have the room open on screen: as the web app's room page does (useMarkRoomRead), they mark each
 * message read as it arrives.
 */
export async function roomTalk(
  set: UserSet,
  opts: { rooms: RoomSpec[]; path: SendPath; seconds: number; sendEveryMs: number; reading: number },
): Promise<RoomsResult> {
  const rec = new Recorder(set);
  const readers = new Set(
    opts.rooms.flatMap((room) => room.memberIds.slice(0, Math.round(room.memberIds.length * opts.reading))),
  );
  deliveriesOnly(rec, (to, message) => {
    if (readers.has(to.spec.userId))
      to.socket?.emit('markRoomRead', { roomId: message.conversationId, messageId: message._id });
  });
  const loop = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loop.enable();
  const roomOf = new Map(opts.rooms.flatMap((room) => room.memberIds.map((id) => [id, room] as const)));
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  const due = new Map<Member, number>();
  for (const m of set.members)
    if (roomOf.has(m.spec.userId)) due.set(m, start + Math.random() * opts.sendEveryMs);

  const send = (m: Member, room: RoomSpec, t0: number) => {
    const others = room.memberIds.filter((id) => id !== m.spec.userId && set.byId.get(id)?.online);
    const text = rec.expect(others, t0);
    void sendRoomMessage(set, m, room.roomId, text, opts.path).then((outcome) => {
      if (!outcome.ok) rec.failed(text, outcome);
    });
  };
  while (performance.now() < end) {
    const now = performance.now();
    for (const [m, at] of due) {
      if (at > now) continue;
      due.set(m, at + opts.sendEveryMs * (0.75 + Math.random() * 0.5));
      const room = roomOf.get(m.spec.userId);
      if (room && m.online && at < end) send(m, room, at);
    }
    await sleep(TICK_MS);
  }
  const result = await rec.finish(opts.seconds * 1000);
  loop.disable();
  const delay = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
  return { ...result, loopP99Ms: delay(loop.percentile(99)), loopMaxMs: delay(loop.max) };
}
