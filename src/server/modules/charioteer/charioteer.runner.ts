import type { FastifyBaseLogger } from 'fastify';
import type { AiLimits } from '../../config.js';
import type { Lease, Locks } from '../../lib/cluster-locks.js';
import type { UserRow } from '../../db/schema.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AiBudget } from '../ai/ai-budget.js';
import { aiFailure } from '../ai/ai-errors.js';
import { describeAiError, type AiEngine } from '../ai/engine.js';
import { speakAsPersona } from '../ai/speak-as-persona.js';
import type { Turn } from '../../../contracts/charioteer.js';
import { buildTurnPrompt } from './charioteer-prompt.js';
import type { CharioteerRepository } from './charioteer.repository.js';
import { nextInOrder, seatIds, toDiscussion, toSeat, toTurn } from './discussion-view.js';

/** How long a stop waits for the aborted turn to wind down before answering anyway. */
const ABORT_WAIT_MS = 3000;
/** Running discussions one look for orphans may take over. */
const TAKEOVER_BATCH = 50;

export interface RunnerDeps {
  engine: AiEngine;
  /** The owner's AI budget: each turn is one of their generations and waits for its turn and its rate. */
  budget: AiBudget;
  limits: AiLimits;
  /** One process runs a discussion's turns at a time, cluster-wide. */
  locks: Locks;
  repo: CharioteerRepository;
  accounts: AccountsRepository;
  emitter: RealtimeEmitter;
  log: FastifyBaseLogger;
  /** Tells the other processes to abort the discussion's turn (absent when this process is alone). */
  abortElsewhere?: (discussionId: string) => void;
}

/**
 * Runs discussions turn by turn: one speaker at a time, streamed to the owner's tabs, stored only when a turn
 * is complete. Pause lets the current turn finish; stop aborts it. A discussion's turns run in one process at a
 * time (it holds the discussion's lock); a running discussion whose process died or shut down is taken over
 * by another (`takeOver`).
 */
export function charioteerRunner(deps: RunnerDeps) {
  const { engine, budget, limits, locks, repo, accounts, emitter, log } = deps;
  let draining = false;
  /** Discussions whose turn loop runs in this process, with how to stop it and when it has wound down. */
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  async function seatsOf(ids: string[]): Promise<UserRow[]> {
    const rows = await Promise.all(ids.map((id) => accounts.findById(id)));
    return rows.filter((r): r is UserRow => r !== undefined);
  }

  async function announce(discussionId: string, userId: string): Promise<void> {
    const row = await repo.find(discussionId);
    if (!row) return;
    const seats = (await seatsOf(seatIds(row))).map(toSeat);
    emitter.toUsers([userId], 'charioteerStatus', { discussionId, discussion: toDiscussion(row, seats) });
  }

  /** One turn, spent from the owner's AI budget: it waits while they generate elsewhere or go too fast. */
  async function turn(discussionId: string, signal: AbortSignal): Promise<boolean> {
    const waiting = await repo.find(discussionId);
    if (!waiting || waiting.status !== 'running' || waiting.turnsLeft <= 0)
      return speak(discussionId, signal);
    let release;
    try {
      release = await budget.admitQueued(waiting.userId, { signal, waitForRate: true });
    } catch (error) {
      if (signal.aborted) return false;
      throw error;
    }
    try {
      return await speak(discussionId, signal);
    } finally {
      release();
    }
  }

  async function speak(discussionId: string, signal: AbortSignal): Promise<boolean> {
    // Read again after any wait: the owner may have paused, stopped or picked the next speaker meanwhile.
    const row = await repo.find(discussionId);
    if (!row || row.status !== 'running') return false;
    if (row.turnsLeft <= 0) {
      await repo.update(row.id, { status: 'finished', updatedAt: nowIso() });
      await announce(row.id, row.userId);
      return false;
    }
    const seats = await seatsOf(seatIds(row));
    const turns = await repo.turns(row.id);
    const speakerId =
      row.nextSpeakerId && seats.some((s) => s.id === row.nextSpeakerId)
        ? row.nextSpeakerId
        : nextInOrder(
            seats.map((s) => s.id),
            turns,
          );
    const speaker = seats.find((s) => s.id === speakerId);
    const host = await accounts.findById(row.userId);
    if (!speaker || !host) throw new Error('a seat or the host vanished');
    const turnId = newId();
    emitter.toUsers([row.userId], 'charioteerTurnStart', { discussionId, turnId, speakerId });
    const messages = buildTurnPrompt(
      speaker,
      { topic: row.topic, names: new Map(seats.map((s) => [s.id, s.name])), hostName: host.name },
      turns,
    );
    const keep = (reply: string, cutShort: boolean) =>
      store(discussionId, row.userId, { id: turnId, speakerId, text: reply, cutShort });
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const speech = await speakAsPersona({
      engine,
      limits,
      persona: speaker,
      viewerUsername: host.username,
      messages,
      signal: AbortSignal.any([signal, timeout]),
      onDelta: (delta) =>
        emitter.toUsers([row.userId], 'charioteerTurnDelta', { discussionId, turnId, delta }),
    });
    if (!speech.complete) {
      // Stopped by the owner or failed part way: the words already shown stay, marked as cut short.
      if (speech.shown) await keep(speech.shown, true);
      if (signal.aborted) return false;
      throw aiFailure(speech.error, timeout.aborted);
    }
    // A stop that raced the last words still keeps them: the turn was said in full.
    return (await keep(speech.text, false)) && !signal.aborted;
  }

  /** Stores a spoken turn, spends it from the run and shows it in the owner's tabs; false if the discussion is gone. */
  async function store(
    discussionId: string,
    userId: string,
    turn: { id: string; speakerId: string; text: string; cutShort: boolean },
  ): Promise<boolean> {
    const stored = {
      id: turn.id,
      discussionId,
      speakerId: turn.speakerId,
      speakerKind: 'persona' as const,
      text: turn.text,
      cutShort: turn.cutShort ? 1 : 0,
      createdAt: nowIso(),
    };
    const kept = await repo.addTurn(stored, (current) => ({
      turnsLeft: Math.max(0, current.turnsLeft - 1),
      // A pick made while this turn was spoken is for the next turn; only the one just used is spent.
      nextSpeakerId: current.nextSpeakerId === turn.speakerId ? null : current.nextSpeakerId,
      updatedAt: nowIso(),
    }));
    if (!kept) return false;
    emitter.toUsers([userId], 'charioteerTurn', { discussionId, turn: toTurn(stored) });
    await announce(discussionId, userId);
    return true;
  }

  async function loop(
    discussionId: string,
    userId: string,
    signal: AbortSignal,
    lease: Lease,
  ): Promise<void> {
    try {
      // A shutdown lets the turn being spoken finish, then leaves the discussion running for another process.
      while (!draining && lease.held() && (await turn(discussionId, signal)));
    } catch (error) {
      const { message } = aiFailure(error, false);
      log.warn({ error: describeAiError(error), discussionId }, 'charioteer turn failed');
      await repo.update(discussionId, { status: 'failed', error: message, updatedAt: nowIso() });
      await announce(discussionId, userId);
    }
  }

  /** Runs the turns while this process holds the discussion's lock; false when another process holds it. */
  async function runHere(discussionId: string, userId: string, signal: AbortSignal): Promise<boolean> {
    const lease = await locks.tryAcquire(`charioteer:${discussionId}`);
    if (!lease) return false;
    try {
      await loop(discussionId, userId, signal, lease);
    } finally {
      lease.release();
    }
    return true;
  }

  /** Starts the turn loop unless it already runs here (or elsewhere). */
  function start(discussionId: string, userId: string): void {
    if (running.has(discussionId) || draining) return;
    const controller = new AbortController();
    const done = runHere(discussionId, userId, controller.signal)
      .catch((err: unknown) => {
        log.warn({ err, discussionId }, 'charioteer could not run a discussion');
        return false;
      })
      .then(async (ranHere) => {
        running.delete(discussionId);
        if (!ranHere || controller.signal.aborted || draining) return;
        // A resume that landed while this loop was winding down saw it still registered: pick it up now.
        const row = await repo.find(discussionId).catch(() => undefined);
        if (row?.status === 'running' && row.turnsLeft > 0) start(discussionId, userId);
      });
    running.set(discussionId, { controller, done });
  }

  /** Aborts the turn being generated here, if any, and waits (briefly) until what it said so far is stored. */
  async function abortHere(discussionId: string): Promise<void> {
    const run = running.get(discussionId);
    if (!run) return;
    run.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([run.done, new Promise((resolve) => (timer = setTimeout(resolve, ABORT_WAIT_MS)))]);
    clearTimeout(timer);
  }

  return {
    announce,
    seatsOf,
    start,
    emitTurn(userId: string, stored: Turn): void {
      emitter.toUsers([userId], 'charioteerTurn', { discussionId: stored.discussionId, turn: stored });
    },
    abortHere,
    /**
     * Takes over running discussions no process runs (a process died, or shut down between turns): each one
     * whose lock is free starts here. Every process calls this now and then; the lock lets one of them win.
     */
    async takeOver(): Promise<void> {
      for (const row of await repo.running(TAKEOVER_BATCH)) start(row.id, row.userId);
    },
    /** For a shutdown: no new turns here; the turns being spoken finish (within the grace). */
    async drain(): Promise<void> {
      draining = true;
      await Promise.allSettled([...running.values()].map((run) => run.done));
    },
    /** Aborts the discussion's turn wherever it runs: here (waiting briefly for it), elsewhere (told). */
    async abort(discussionId: string): Promise<void> {
      deps.abortElsewhere?.(discussionId);
      await abortHere(discussionId);
    },
  };
}

export type CharioteerRunner = ReturnType<typeof charioteerRunner>;
