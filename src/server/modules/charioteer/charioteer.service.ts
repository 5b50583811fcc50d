import type { z } from 'zod';
import type { Action } from '../../../contracts/actions.js';
import {
  CHARIOTEER_ERRORS,
  CUT_SHORT_MARK,
  type Discussion,
  type DiscussionWithTurns,
  type ResumeDiscussionRequest,
  type StartDiscussionRequest,
  type Turn,
} from '../../../contracts/charioteer.js';
import type { DiscussionRow, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, newRow, nowIso } from '../../lib/ids.js';
import type { DailyAllowance } from '../../lib/daily-allowance.js';
import type { ActionsService } from '../actions/actions.service.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { CharioteerRepository } from './charioteer.repository.js';
import type { CharioteerRunner } from './charioteer.runner.js';
import { seatIds, toDiscussion, toSeat, toTurn } from './discussion-view.js';

type Host = Pick<UserRow, 'id' | 'name' | 'showMature'>;

/** A running discussion untouched this long belonged to a process that is gone; it no longer blocks a new one. */
const STALE_AFTER_MS = 5 * 60 * 1000;

/** Charioteer rules: who may run, steer and read which discussion, and how much a person writes into them. */
export function charioteerService(
  repo: CharioteerRepository,
  runner: CharioteerRunner,
  deps: {
    /** Where a transcript is saved as a note. */
    actions: ActionsService;
    /** Discussions a person may start in a day. */
    starts: DailyAllowance;
    /** Personas of people the host blocked cannot take a seat. */
    blocks: Pick<BlocksService, 'setsOf'>;
  },
) {
  const { actions, starts, blocks } = deps;

  async function view(row: DiscussionRow): Promise<Discussion> {
    return toDiscussion(row, (await runner.seatsOf(seatIds(row))).map(toSeat));
  }

  async function owned(user: Host, id: string): Promise<DiscussionRow> {
    const row = isId(id) ? await repo.find(id) : undefined;
    if (!row) throw new HttpError(404, CHARIOTEER_ERRORS.notFound);
    if (row.userId !== user.id) throw new HttpError(403, CHARIOTEER_ERRORS.notYours);
    return row;
  }

  async function assertNoOtherActive(user: Host, except?: string): Promise<void> {
    const since = new Date(Date.now() - STALE_AFTER_MS).toISOString();
    if ((await repo.active(user.id, since)).some((d) => d.id !== except))
      throw new HttpError(409, CHARIOTEER_ERRORS.alreadyRunning);
  }

  async function changed(row: DiscussionRow): Promise<Discussion> {
    await runner.announce(row.id, row.userId);
    return view(row);
  }

  return {
    async start(user: Host, input: z.output<typeof StartDiscussionRequest>): Promise<Discussion> {
      await assertNoOtherActive(user);
      const seats = await runner.seatsOf(input.personaIds.filter(isId));
      const { blockedUsernames } = await blocks.setsOf(user.id);
      // A persona of someone the host blocked, or a mature one the host chose not to see, is as missing as a
      // frozen one: the picker never offered it.
      const unseatable = (s: (typeof seats)[number]) =>
        s.isAi !== 1 ||
        s.isFrozen === 1 ||
        blockedUsernames.has(s.createdByUsername) ||
        (s.rating === 'mature' && user.showMature !== 1);
      if (seats.length !== input.personaIds.length || seats.some(unseatable)) {
        throw new HttpError(404, CHARIOTEER_ERRORS.personaMissing);
      }
      await starts.spend(user.id, { items: 1 });
      const row = await repo.insert({
        ...newRow(),
        userId: user.id,
        topic: input.topic,
        seatIds: JSON.stringify(input.personaIds),
        status: 'running',
        nextSpeakerId: null,
        turnsLeft: input.turns,
      });
      runner.start(row.id, user.id);
      return view(row);
    },

    async list(user: Host): Promise<Discussion[]> {
      return Promise.all((await repo.listFor(user.id)).map(view));
    },

    async get(user: Host, id: string): Promise<DiscussionWithTurns> {
      const row = await owned(user, id);
      return { discussion: await view(row), turns: (await repo.turns(row.id)).map(toTurn) };
    },

    async pause(user: Host, id: string): Promise<Discussion> {
      const row = await owned(user, id);
      if (row.status !== 'running') throw new HttpError(409, CHARIOTEER_ERRORS.notRunning);
      return changed(await repo.update(row.id, { status: 'paused', updatedAt: nowIso() }));
    },

    async resume(
      user: Host,
      id: string,
      input: z.output<typeof ResumeDiscussionRequest>,
    ): Promise<Discussion> {
      const row = await owned(user, id);
      await assertNoOtherActive(user, row.id);
      const updated = await repo.update(row.id, {
        status: 'running',
        turnsLeft: input.turns,
        error: '',
        updatedAt: nowIso(),
      });
      runner.start(row.id, user.id);
      return changed(updated);
    },

    async stop(user: Host, id: string): Promise<Discussion> {
      const row = await owned(user, id);
      if (row.status !== 'running' && row.status !== 'paused')
        throw new HttpError(409, CHARIOTEER_ERRORS.notRunning);
      const updated = await repo.update(row.id, { status: 'stopped', updatedAt: nowIso() });
      await runner.abort(row.id);
      return changed((await repo.find(row.id)) ?? updated);
    },

    async pickNext(user: Host, id: string, personaId: string): Promise<Discussion> {
      const row = await owned(user, id);
      if (!seatIds(row).includes(personaId)) throw new HttpError(400, CHARIOTEER_ERRORS.notSeated);
      return changed(await repo.update(row.id, { nextSpeakerId: personaId, updatedAt: nowIso() }));
    },

    /** The user joins in; the next speaker sees it in the recent turns. */
    async interject(user: Host, id: string, text: string): Promise<Turn> {
      const row = await owned(user, id);
      const turn = {
        id: newId(),
        discussionId: row.id,
        speakerId: user.id,
        speakerKind: 'user' as const,
        text,
        cutShort: 0,
        createdAt: nowIso(),
      };
      // Deleted meanwhile (its owner's account went): gone, like any discussion that is not there.
      if (!(await repo.addTurn(turn, () => ({ updatedAt: turn.createdAt }))))
        throw new HttpError(404, CHARIOTEER_ERRORS.notFound);
      // Every open tab of the owner shows it, not only the one that sent it.
      runner.emitTurn(user.id, toTurn(turn));
      return toTurn(turn);
    },

    /** Saves the transcript as one of the user's notes (within their daily allowance of saved items). */
    async exportAsNote(user: Host, id: string): Promise<Action> {
      const row = await owned(user, id);
      const names = new Map((await runner.seatsOf(seatIds(row))).map((s) => [s.id, s.name]));
      const lines = (await repo.turns(row.id)).map(
        (t) =>
          `${t.speakerKind === 'user' ? user.name : (names.get(t.speakerId) ?? 'Someone')}: ${t.text}${t.cutShort ? ` ${CUT_SHORT_MARK}` : ''}`,
      );
      const memory = [`Roundtable: ${row.topic}`, '', ...lines].join('\n');
      return actions.create(user, { userId: user.id, type: 'note', memory });
    },
  };
}

export type CharioteerService = ReturnType<typeof charioteerService>;
