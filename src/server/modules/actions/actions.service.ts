import type { z } from 'zod';
import {
  ACTION_ERRORS,
  titleFromMemory,
  type Action,
  type CreateActionRequest,
  type UpdateActionRequest,
} from '../../../contracts/actions.js';
import type { ActionRow, UserRow } from '../../db/schema.js';
import type { PageQuery } from '../../../contracts/paging.js';
import type { DailyAllowance } from '../../lib/daily-allowance.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newRow, nowIso } from '../../lib/ids.js';
import type { ActionsRepository } from './actions.repository.js';

export function toAction(row: ActionRow): Action {
  return {
    _id: row.id,
    userId: row.userId,
    type: row.type,
    title: row.title,
    description: row.description,
    memory: row.memory,
    pinned: row.pinned === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Saved-item rules: everyone reads and changes only their own, and adds within a daily allowance (a new item
 * counts once with its bytes; an edit counts the bytes it adds).
 */
export function actionsService(repo: ActionsRepository, allowance: DailyAllowance) {
  function assertSelf(user: Pick<UserRow, 'id'>, claimed: string | undefined): void {
    if (claimed !== undefined && claimed !== user.id) throw new HttpError(403, ACTION_ERRORS.notYours);
  }

  async function owned(user: Pick<UserRow, 'id'>, id: string): Promise<ActionRow> {
    const row = isId(id) ? await repo.find(id) : undefined;
    if (!row) throw new HttpError(404, ACTION_ERRORS.notFound);
    if (row.userId !== user.id) throw new HttpError(403, ACTION_ERRORS.notYours);
    return row;
  }

  return {
    async create(user: Pick<UserRow, 'id'>, input: z.output<typeof CreateActionRequest>): Promise<Action> {
      assertSelf(user, input.userId);
      await allowance.spend(user.id, { items: 1, bytes: bytesOf(input.memory) });
      const row = await repo.insert({
        ...newRow(),
        userId: user.id,
        type: input.type,
        title: input.title || titleFromMemory(input.memory),
        memory: input.memory,
      });
      return toAction(row);
    },

    async update(
      user: Pick<UserRow, 'id'>,
      id: string,
      input: z.output<typeof UpdateActionRequest>,
    ): Promise<Action> {
      assertSelf(user, input.userId);
      const row = await owned(user, id);
      if (input.pinned && row.type !== 'prompt') throw new HttpError(400, ACTION_ERRORS.onlyPromptsPin);
      const memory = input.memory ?? row.memory;
      await allowance.spend(user.id, { items: 0, bytes: bytesOf(memory) - bytesOf(row.memory) });
      const title = input.title !== undefined ? input.title || titleFromMemory(memory) : row.title;
      const pinned = input.pinned === undefined ? row.pinned : input.pinned ? 1 : 0;
      return toAction(await repo.update(row.id, { memory, title, pinned, updatedAt: nowIso() }));
    },

    async list(user: Pick<UserRow, 'id'>, userId: string, query: PageQuery) {
      assertSelf(user, userId);
      if (query.before !== undefined && !isId(query.before))
        throw new HttpError(400, ACTION_ERRORS.badCursor);
      const rows = await repo.page(user.id, query.before, query.limit);
      const page = rows.slice(0, query.limit);
      return {
        items: page.map(toAction),
        nextCursor: rows.length > query.limit ? page[page.length - 1]?.id : undefined,
      };
    },

    async remove(user: Pick<UserRow, 'id'>, id: string): Promise<void> {
      const row = await owned(user, id);
      await repo.delete(row.id);
    },
  };
}

export type ActionsService = ReturnType<typeof actionsService>;
