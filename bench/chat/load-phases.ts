/**
 * The load a generator process puts on a server: people chatting (with seen marks and tabs closing and
 * opening), a closed loop to saturation, an open loop at a fixed offered rate, and people using the web app
 * (one send at a time, refusals retried as the web app retries them) asking for more than the server can do.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ErrorCode } from '../../src/contracts/errors.js';
import { newClientMessageId, type Message } from '../../src/contracts/messages.js';
import { busyRetryDelay, retrySend } from '../../src/web/features/chat/api/busy-retry.js';
import { ApiError } from '../../src/web/lib/api-client.js';
import {
  closeSocket,
  count,
  dropRequests,
  listen,
  openTab,
  sendMessage,
  type Member,
  type SendOutcome,
  type UserSet,
} from './clients.js';
import type { ChatResult, DeliveryResult, ErrorCounts, SendPath } from './protocol.js';

type Failure = Exclude<SendOutcome, { ok: true }>;

/** A message still on its way: when it left and who should get it. */
interface Pending {
  /** When it was sent (its first attempt, for a send that was retried): latency counts from here. */
  t0: number;
  /**
   * When the server took it, from which it may take GIVE_UP_MS to arrive; undefined while a refused send
   * waits to be retried (the sender knows it was not taken, so it is not lost, only slow).
   */
  accepted: number | undefined;
  /** Who has yet to get it: the recipient of a DM, the other members of a room. */
  waiting: Set<string>;
  /** Runs once it arrived everywhere, or when it is given up on (closed loop: send the next one). */
  then?: () => void;
}

/** A message not delivered within this long counts as lost (and as `late` if it turns up afterwards). */
export const GIVE_UP_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Counts sends, arrivals and failures of one phase, matching arrivals to sends by the text's token. A message
 * may have several recipients (a room's): each arrival is a delivery, timed and counted on its own, and `lost`
 * and `late` count deliveries too.
 */
export class Recorder {
  readonly pending = new Map<string, Pending>();
  readonly latencies: number[] = [];
  readonly errors: ErrorCounts = {};
  readonly started = performance.now();
  sent = 0;
  lost = 0;
  late = 0;
  refused = 0;
  withRetryAfter = 0;
  lastArrival = 0;
  private seq = 0;
  /** Who had yet to get each message given up on, by its text. */
  private readonly givenUp = new Map<string, Set<string>>();
  private readonly sweeper = setInterval(() => this.giveUpOlderThan(GIVE_UP_MS), 500);

  constructor(private readonly set: UserSet) {}

  /**
   * Registers a message about to be sent to `to` (one person, or a room's other members); returns its text. It
   * counts as taken when sent, unless `untilAnswered`: then only once `accepted` says so.
   */
  expect(to: string | Iterable<string>, t0: number, then?: () => void, untilAnswered = false): string {
    const text = `bench ${process.pid}-${(this.seq += 1)}`;
    const waiting = new Set(typeof to === 'string' ? [to] : to);
    this.pending.set(text, { t0, accepted: untilAnswered ? undefined : t0, waiting, then });
    this.sent += 1;
    return text;
  }

  /** A message reached a socket; true when it was one of ours, for that person, on time. */
  arrived(to: Member, message: Message): boolean {
    const p = this.pending.get(message.text);
    if (!p && this.givenUp.get(message.text)?.delete(to.spec.userId)) this.late += 1;
    if (!p?.waiting.delete(to.spec.userId)) return false;
    this.lastArrival = performance.now();
    this.latencies.push(this.lastArrival - p.t0);
    if (p.waiting.size > 0) return true;
    this.pending.delete(message.text);
    p.then?.();
    return true;
  }

  /**
   * The send failed: it will not arrive. (If it already arrived or was given up on, as after an
   * acknowledgement that timed out, only the error counts.)
   */
  failed(text: string, outcome: Failure): void {
    const p = this.pending.get(text);
    if (p) {
      this.pending.delete(text);
      this.sent -= 1;
    }
    this.failedAttempt(outcome);
    p?.then?.();
  }

  /** The server took the message (answered 201): from now on it has GIVE_UP_MS to arrive. */
  accepted(text: string): void {
    const p = this.pending.get(text);
    if (p) p.accepted = performance.now();
  }

  /** Counts a failed attempt of a message that stays on its way (it will be sent again). */
  failedAttempt(outcome: Failure): void {
    count(this.errors, outcome.key);
    if (outcome.refused) this.refused += 1;
    if (outcome.retryAfterMs !== undefined) this.withRetryAfter += 1;
  }

  /** The recipient's tab closed while these were on their way: not lost, just not live any more. */
  forget(recipientId: string): void {
    for (const [text, p] of this.pending) {
      if (!p.waiting.delete(recipientId) || p.waiting.size > 0) continue;
      this.pending.delete(text);
      this.sent -= 1;
    }
  }

  giveUpOlderThan(ms: number): void {
    const limit = performance.now() - ms;
    for (const [text, p] of this.pending) {
      // A send still waiting out refusals is never given up on mid-phase, only when the phase ends (ms = 0).
      if (p.accepted === undefined ? ms > 0 : p.accepted > limit) continue;
      this.pending.delete(text);
      this.givenUp.set(text, p.waiting);
      this.lost += p.waiting.size;
      p.then?.();
    }
  }

  /**
   * Waits until every message arrived or had its full GIVE_UP_MS, then stops listening and returns the
   * figures. HTTP requests still queued are cancelled, so a backlog does not spill into the next phase.
   */
  async finish(phaseMs: number): Promise<DeliveryResult> {
    const until = performance.now() + GIVE_UP_MS;
    while (this.pending.size && performance.now() < until) await sleep(20);
    this.giveUpOlderThan(0);
    clearInterval(this.sweeper);
    listen(undefined);
    const result = {
      sent: this.sent,
      delivered: this.latencies.length,
      latencies: this.latencies,
      elapsedMs: Math.max(phaseMs, this.lastArrival - this.started),
      refused: this.refused,
      withRetryAfter: this.withRetryAfter,
      lost: this.lost,
      late: this.late,
      // A copy: the cancelled requests still report their failure after this.
      errors: { ...this.errors },
    };
    dropRequests(this.set);
    return result;
  }
}

async function send(
  set: UserSet,
  rec: Recorder,
  from: Member,
  to: string,
  path: SendPath,
  then?: () => void,
) {
  const text = rec.expect(to, performance.now(), then);
  const outcome = await sendMessage(set, from, to, text, path);
  if (!outcome.ok) rec.failed(text, outcome);
}

function pick<T>(items: readonly T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

/**
 * Everyone online sends a DM every `sendEveryMs` (±25 %) over HTTP to a random online contact, and marks
 * each message seen when it arrives (the open chat does). Meanwhile `churnPerSecond` tabs close and reopen
 * after about `offlineMs`; their online contacts time the userOffline and userOnline that follow.
 */
export async function chat(
  set: UserSet,
  opts: {
    seconds: number;
    sendEveryMs: number;
    churnPerSecond: number;
    offlineMs: number;
    timeoutMs: number;
  },
): Promise<ChatResult> {
  const rec = new Recorder(set);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const presence: number[] = [];
  // By `event:userId`: an offline event still counts after the same person started reopening the tab.
  const changedAt = new Map<string, number>();
  let presenceExpected = 0;
  let churns = 0;
  const jitter = () => opts.sendEveryMs * (0.75 + Math.random() * 0.5);
  const start = performance.now();
  const nextSend = new Map(set.members.map((m) => [m, start + Math.random() * opts.sendEveryMs]));
  const onlineContacts = (m: Member) =>
    m.spec.contacts.flatMap((id) => {
      const c = set.byId.get(id);
      return c?.online ? [c] : [];
    });

  listen({
    message(to, message) {
      if (message.sender === to.spec.userId) return;
      rec.arrived(to, message);
      to.socket?.emit('markMessagesAsSeen', {
        conversationId: message.conversationId,
        userId: to.spec.userId,
      });
    },
    presence(_to, event, userId) {
      const t0 = changedAt.get(`${event}:${userId}`);
      if (t0 !== undefined) presence.push(performance.now() - t0);
    },
    error: (key) => count(rec.errors, key),
  });

  const reopening: Promise<void>[] = [];
  const churn = (m: Member) => {
    churns += 1;
    closeSocket(m);
    rec.forget(m.spec.userId);
    presenceExpected += onlineContacts(m).length;
    changedAt.set(`userOffline:${m.spec.userId}`, performance.now());
    const reopen = sleep(opts.offlineMs * (0.75 + Math.random() * 0.5)).then(async () => {
      presenceExpected += onlineContacts(m).length;
      changedAt.set(`userOnline:${m.spec.userId}`, performance.now());
      const failure = await openTab(set, m, opts.timeoutMs);
      if (failure) count(rec.errors, failure);
    });
    reopening.push(reopen);
  };

  let churnDue = 0;
  let last = start;
  const end = start + opts.seconds * 1000;
  while (performance.now() < end) {
    const now = performance.now();
    for (const [m, at] of nextSend) {
      if (at > now) continue;
      nextSend.set(m, at + jitter());
      const to = m.online ? pick(onlineContacts(m)) : undefined;
      if (to) void send(set, rec, m, to.spec.userId, 'http');
    }
    churnDue += ((now - last) / 1000) * opts.churnPerSecond;
    last = now;
    for (; churnDue >= 1; churnDue -= 1) {
      const m = pick(set.members.filter((x) => x.online));
      if (m) churn(m);
    }
    await sleep(10);
  }
  await Promise.all(reopening);
  const result = await rec.finish(opts.seconds * 1000);
  loop.disable();
  return { ...result, presenceLatencies: presence, presenceExpected, churns, loopMaxMs: loop.max / 1e6 };
}

/**
 * The phase listens for arrivals at others (a sender's own tabs hear its message too) and socket errors;
 * `then` runs after each arrival (what the tab does on seeing a message).
 */
export function deliveriesOnly(rec: Recorder, then?: (to: Member, message: Message) => void): void {
  listen({
    message(to, message) {
      if (message.sender === to.spec.userId) return;
      rec.arrived(to, message);
      then?.(to, message);
    },
    presence() {},
    error: (key) => count(rec.errors, key),
  });
}

/**
 * Closed loop: each online user sends to its first contact, and sends the next message once the previous
 * one arrived (or failed, after a short pause or the server's Retry-After), until `seconds` are over.
 */
export async function saturate(set: UserSet, path: SendPath, seconds: number): Promise<DeliveryResult> {
  const rec = new Recorder(set);
  deliveriesOnly(rec);
  const end = performance.now() + seconds * 1000;
  const loop = (m: Member, to: string): void => {
    if (performance.now() >= end || !m.online) return;
    const text = rec.expect(to, performance.now(), () => loop(m, to));
    void sendMessage(set, m, to, text, path).then((outcome) => {
      if (outcome.ok) return;
      // `failed` would run the next send at once; a refused sender waits first, as the web app does.
      const p = rec.pending.get(text);
      if (p) p.then = () => setTimeout(() => loop(m, to), outcome.retryAfterMs ?? 50);
      rec.failed(text, outcome);
    });
  };
  for (const m of set.members) {
    const to = m.spec.contacts[0];
    if (to && m.online) loop(m, to);
  }
  await sleep(seconds * 1000);
  return rec.finish(seconds * 1000);
}

/**
 * Open loop: `perSecond` messages a second, round robin over the online users, each to its first contact,
 * sent whether or not the server keeps up. Latency counts from when a message was due, so a sender held up
 * by a slow server does not hide the wait (no coordinated omission).
 */
export async function openLoop(
  set: UserSet,
  path: SendPath,
  perSecond: number,
  seconds: number,
): Promise<DeliveryResult> {
  const rec = new Recorder(set);
  deliveriesOnly(rec);
  const senders = set.members.filter((m) => m.online && m.spec.contacts[0]);
  const total = Math.round(perSecond * seconds);
  const start = performance.now();
  for (let k = 0; k < total && senders.length;) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * perSecond));
    for (; k < due; k += 1) {
      const m = senders[k % senders.length] as Member;
      const to = m.spec.contacts[0] as string;
      const text = rec.expect(to, start + (k * 1000) / perSecond);
      void sendMessage(set, m, to, text, path).then((outcome) => {
        if (!outcome.ok) rec.failed(text, outcome);
      });
    }
    await sleep(5);
  }
  return rec.finish(seconds * 1000);
}

/** The failure as the web app's api client would have raised it, for the web app's own retry policy. */
function asApiError(outcome: Failure): ApiError {
  return new ApiError(
    outcome.status,
    outcome.key,
    ErrorCode.safeParse(outcome.code).data,
    outcome.retryAfterMs,
  );
}

/**
 * People using the web app, more of them than the server can serve: each online person writes to a random
 * online contact, and writes the next message about `thinkMs` (±25 %) after the previous send was answered,
 * since the composer sends one message at a time. A send refused as busy, or left unanswered, is retried the
 * way the web app retries it (its own policy from busy-retry.ts: the longer of Retry-After and a doubling
 * backoff, jittered, five times, the same clientMessageId). Latency counts from the first attempt, so waiting
 * out refusals shows in it; a message counts as lost only if it does not arrive within GIVE_UP_MS of being
 * taken. `thinkMs` sets the demand: n people ask for n / thinkMs messages a second if every send were
 * answered at once. Unlike the web app, recipients do not mark what arrives as seen, as in the closed loop
 * whose peak this is compared with.
 */
export async function webAppPeople(set: UserSet, thinkMs: number, seconds: number): Promise<DeliveryResult> {
  const rec = new Recorder(set);
  deliveriesOnly(rec);
  const end = performance.now() + seconds * 1000;
  const onlineContact = (m: Member) => pick(m.spec.contacts.filter((id) => set.byId.get(id)?.online));

  const sendUntilAnswered = async (m: Member, to: string) => {
    const text = rec.expect(to, performance.now(), undefined, true);
    const clientMessageId = newClientMessageId();
    for (let failures = 0; ; failures += 1) {
      const outcome = await sendMessage(set, m, to, text, 'http', clientMessageId);
      if (outcome.ok) return rec.accepted(text);
      const error = asApiError(outcome);
      const delay = busyRetryDelay(failures, error);
      if (!retrySend(failures, error) || performance.now() + delay >= end) {
        rec.failed(text, outcome);
        return;
      }
      rec.failedAttempt(outcome);
      await sleep(delay);
    }
  };
  const person = async (m: Member) => {
    await sleep(Math.random() * thinkMs);
    while (performance.now() < end && m.online) {
      const to = onlineContact(m);
      if (to) await sendUntilAnswered(m, to);
      await sleep(thinkMs * (0.75 + Math.random() * 0.5));
    }
  };
  await Promise.all(set.members.map(person));
  return rec.finish(seconds * 1000);
}
