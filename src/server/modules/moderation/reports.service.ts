import type { z } from 'zod';
import { ERRORS } from '../../../contracts/errors.js';
import {
  MODERATION_ERRORS,
  MODERATION_LIMITS,
  REPORT_RECEIVED,
  type ReportRequest,
  type ReportSnapshot,
} from '../../../contracts/moderation.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, nowIso } from '../../lib/ids.js';
import { openingMessageOf } from '../personas/opening-message.js';
import type { ReportsRepository } from './reports.repository.js';

type Input = z.output<typeof ReportRequest>;
interface Reported {
  targetUserId: string;
  snapshot: ReportSnapshot;
}

/**
 * Reports from people: each stores what was reported as it is now (a message with its neighbours, a persona with
 * its hidden prompt, a person's public fields), so a later edit cannot hide it. Only what the reporter may see
 * can be reported: a message of one of their conversations, a persona or a person that exists.
 */
export function reportsService(deps: {
  repo: ReportsRepository;
  findUser: (id: string) => Promise<UserRow | undefined>;
}) {
  const { repo } = deps;
  const notFound = () => new HttpError(404, ERRORS.notFound);

  async function messageReported(reporter: Pick<UserRow, 'id'>, messageId: string): Promise<Reported> {
    const found = await repo.messageWithNeighbours(messageId, reporter.id, MODERATION_LIMITS.neighbours);
    // Someone else's conversation is "not found", like a message that does not exist.
    if (!found) throw notFound();
    if (found.message.senderId === reporter.id) throw new HttpError(400, MODERATION_ERRORS.reportYourself);
    const messages = found.around.map((m) => ({
      _id: m.id,
      sender: m.sender,
      text: m.text,
      createdAt: m.createdAt,
      reported: m.id === messageId,
    }));
    return { targetUserId: found.message.senderId, snapshot: { kind: 'message', messages } };
  }

  async function userReported(reporter: Pick<UserRow, 'id' | 'username'>, input: Input): Promise<Reported> {
    const user = isId(input.targetId) ? await deps.findUser(input.targetId) : undefined;
    if (!user || user.isFrozen === 1 || (user.isAi === 1) !== (input.kind === 'persona')) throw notFound();
    if (user.id === reporter.id || user.createdByUsername === reporter.username)
      throw new HttpError(400, MODERATION_ERRORS.reportYourself);
    const snapshot: ReportSnapshot =
      input.kind === 'persona'
        ? {
            kind: 'persona',
            name: user.name,
            username: user.username,
            bio: user.bio,
            tag: user.tag,
            prompt: user.prompt,
            memory: user.memory,
            openingMessage: openingMessageOf(user),
            createdByUsername: user.createdByUsername,
          }
        : { kind: 'person', name: user.name, username: user.username, bio: user.bio };
    return { targetUserId: user.id, snapshot };
  }

  return {
    async report(
      reporter: Pick<UserRow, 'id' | 'username'>,
      input: Input,
    ): Promise<{ _id: string; message: string }> {
      const reported =
        input.kind === 'message'
          ? await messageReported(reporter, isId(input.targetId) ? input.targetId : '')
          : await userReported(reporter, input);
      const id = newId();
      await repo.insert({
        id,
        reporterId: reporter.id,
        kind: input.kind,
        targetId: input.targetId,
        targetUserId: reported.targetUserId,
        reason: input.reason,
        note: input.note,
        snapshot: JSON.stringify(reported.snapshot),
        status: 'open',
        createdAt: nowIso(),
      });
      return { _id: id, message: REPORT_RECEIVED };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
