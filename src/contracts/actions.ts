import { z } from 'zod';
import { pageQuery } from './paging.js';

export const ACTION_LIMITS = {
  titleFromFirstLine: 40,
  titleMax: 200,
  memoryMax: 200_000,
  pageSize: 100,
  pageSizeMax: 500,
} as const;

export const ActionType = z.enum(['prompt', 'note'], { error: 'type must be prompt or note' });

const memory = z
  .string({ error: 'memory is required' })
  .max(ACTION_LIMITS.memoryMax, `memory must be at most ${ACTION_LIMITS.memoryMax} characters`)
  .refine((m) => m.trim().length > 0, 'memory cannot be empty');

const title = z
  .string()
  .trim()
  .max(ACTION_LIMITS.titleMax, `title must be at most ${ACTION_LIMITS.titleMax} characters`);

/** SPEC §3 title rule: the first line of the text, cut to 40 characters. */
export function titleFromMemory(text: string): string {
  const firstLine = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return firstLine.trim().slice(0, ACTION_LIMITS.titleFromFirstLine).trimEnd();
}

/** POST /api/actions/createAction (SPEC §7). userId must be the signed-in user; description is stored empty. */
export const CreateActionRequest = z.object({
  userId: z.string({ error: 'userId is required' }),
  type: ActionType,
  title: title.optional(),
  description: z.string().optional(),
  memory,
});
export type CreateActionRequest = z.input<typeof CreateActionRequest>;

/** PATCH /api/actions/updateAction/:id (SPEC §7), plus `pinned` for a prompt used as a one-click shortcut. */
export const UpdateActionRequest = z.object({
  userId: z.string().optional(),
  title: title.optional(),
  description: z.string().optional(),
  memory: memory.optional(),
  pinned: z.boolean().optional(),
});
export type UpdateActionRequest = z.input<typeof UpdateActionRequest>;

export const Action = z.object({
  _id: z.string(),
  userId: z.string(),
  type: ActionType,
  title: z.string(),
  description: z.string(),
  memory: z.string(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Action = z.infer<typeof Action>;

export const ActionList = z.array(Action);

/** DELETE /api/actions/deleteAction/:id (SPEC §7). */
export const DeleteActionResponse = z.object({ message: z.literal('Deleted') });

/** GET /api/actions/getActions/:userId: newest first; the next page's cursor is in X-Next-Cursor. */
export const ActionPageQuery = pageQuery(ACTION_LIMITS);

export const ACTION_ERRORS = {
  notYours: 'You can only use your own saved items',
  notFound: 'Saved item not found',
  onlyPromptsPin: 'Only saved prompts can be pinned as shortcuts',
  badCursor: 'before must be a saved item id',
} as const;
