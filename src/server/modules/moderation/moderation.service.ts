import type { z } from 'zod';
import { ERRORS } from '../../../contracts/errors.js';
import {
  MODERATION_ERRORS,
  REMOVED_MESSAGE_TEXT,
  ReportSnapshot,
  type AuditEntry,
  type ModerationAction,
  type QueuedReport,
  type RatePersonaRequest,
  type ReportReason,
  type SuspendRequest,
} from '../../../contracts/moderation.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { ModerationRepository } from './moderation.repository.js';
import type { ReportsRepository } from './reports.repository.js';
import { isDeleted } from '../accounts/user-view.js';
import { isRoom } from '../../db/conversation-sides.js';

const QUEUE_MAX = 200;
const AUDIT_MAX = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

type Moderator = Pick<UserRow, 'id' | 'username'>;

/**
 * What moderators do: read the queue of open reports, dismiss one, remove a message, freeze or unfreeze a persona,
 * suspend or restore an account. Each action and its audit entry are one transaction; every change to people,
 * personas or messages forgets what the process keeps of them, and a suspension ends the account's sessions and
 * sockets in every process at once.
 */
export function moderationService(deps: {
  repo: ModerationRepository;
  reports: ReportsRepository;
  findUser: (id: string) => Promise<UserRow | undefined>;
  findMessage: (
    id: string,
  ) => Promise<
    { id: string; conversationId: string; text: string; userLow: string; userHigh: string } | undefined
  >;
  /** Signs a person out everywhere: their sessions end in every process. */
  endSessions: (userId: string) => Promise<void>;
  emitter: RealtimeEmitter;
  /** People's or personas' rows changed: caches of them forget. */
  onPeopleChanged: () => void;
}) {
  const { repo, reports } = deps;

  function entry(
    moderator: Moderator,
    action: ModerationAction,
    target: { kind: string; id: string; label: string },
    reason: string,
  ) {
    return {
      id: newId(),
      moderatorId: moderator.id,
      moderatorUsername: moderator.username,
      action,
      targetKind: target.kind,
      targetId: target.id,
      targetLabel: target.label,
      reason,
      createdAt: nowIso(),
    };
  }

  async function userOfKind(id: string, isAi: 0 | 1): Promise<UserRow> {
    const user = isId(id) ? await deps.findUser(id) : undefined;
    if (!user || user.isAi !== isAi || isDeleted(user))
      throw new HttpError(404, isAi ? 'Persona not found' : ERRORS.userNotFound);
    return user;
  }

  return {
    async queue(): Promise<QueuedReport[]> {
      return (await reports.open(QUEUE_MAX)).map((row) => ({
        _id: row.id,
        kind: row.kind,
        targetId: row.targetId,
        targetUser: {
          _id: row.targetUserId,
          username: row.targetUsername,
          isAi: row.targetIsAi === 1,
          isFrozen: row.targetIsFrozen === 1,
        },
        reason: row.reason as ReportReason,
        note: row.note,
        reporterUsername: row.reporterUsername,
        createdAt: row.createdAt,
        reportsOnTarget: Number(row.reportsOnTarget),
        snapshot: ReportSnapshot.parse(JSON.parse(row.snapshot)),
      }));
    },

    async dismiss(moderator: Moderator, reportId: string, reason: string): Promise<void> {
      const report = isId(reportId) ? await reports.find(reportId) : undefined;
      if (!report || report.status !== 'open') throw new HttpError(404, MODERATION_ERRORS.reportNotFound);
      const at = nowIso();
      const target = { kind: 'report', id: report.id, label: report.kind };
      await repo.withAudit(entry(moderator, 'dismiss_report', target, reason), async (trx) => {
        await reports.close(report.id, 'dismissed', at, trx);
      });
    },

    async removeMessage(moderator: Moderator, messageId: string, reason: string): Promise<void> {
      const message = isId(messageId) ? await deps.findMessage(messageId) : undefined;
      if (!message) throw new HttpError(404, 'Message not found');
      const label = message.text.slice(0, 80);
      await repo.withAudit(
        entry(moderator, 'remove_message', { kind: 'message', id: message.id, label }, reason),
        async (trx) => {
          await repo.removeMessage(trx, message);
        },
      );
      await reports.closeOfTarget(message.id, nowIso());
      deps.onPeopleChanged();
      // Open tabs of both people (or of the room's members) show the removal at once, not at their next reload.
      const change = {
        conversationId: message.conversationId,
        messageId: message.id,
        text: REMOVED_MESSAGE_TEXT,
      };
      if (isRoom({ ...message, id: message.conversationId }))
        deps.emitter.toRoom(message.conversationId, 'messageChanged', change);
      else deps.emitter.toUsers([message.userLow, message.userHigh], 'messageChanged', change);
    },

    async freezePersona(moderator: Moderator, personaId: string, reason: string): Promise<void> {
      const persona = await userOfKind(personaId, 1);
      const at = nowIso();
      await repo.withAudit(
        entry(
          moderator,
          'freeze_persona',
          { kind: 'persona', id: persona.id, label: `@${persona.username}` },
          reason,
        ),
        (trx) => repo.freezePersona(trx, persona.id, reason, at),
      );
      await reports.closeAbout(persona.id, at);
      deps.onPeopleChanged();
    },

    /** Changes a persona's content rating (a mature one leaves the view of people who did not choose to see it). */
    async ratePersona(moderator: Moderator, personaId: string, input: z.output<typeof RatePersonaRequest>) {
      const persona = await userOfKind(personaId, 1);
      const target = { kind: 'persona', id: persona.id, label: `@${persona.username} as ${input.rating}` };
      await repo.withAudit(entry(moderator, 'rate_persona', target, input.reason), (trx) =>
        repo.setRating(trx, persona.id, input.rating, nowIso()),
      );
      deps.onPeopleChanged();
    },

    async unfreezePersona(moderator: Moderator, personaId: string, reason: string): Promise<void> {
      const persona = await userOfKind(personaId, 1);
      if (persona.frozenBy !== 'moderator') throw new HttpError(409, MODERATION_ERRORS.notFrozen);
      await repo.withAudit(
        entry(
          moderator,
          'unfreeze_persona',
          { kind: 'persona', id: persona.id, label: `@${persona.username}` },
          reason,
        ),
        (trx) => repo.unfreezePersona(trx, persona.id, nowIso()),
      );
      deps.onPeopleChanged();
    },

    async suspend(
      moderator: Moderator,
      userId: string,
      input: z.output<typeof SuspendRequest>,
    ): Promise<void> {
      const person = await userOfKind(userId, 0);
      if (person.id === moderator.id) throw new HttpError(400, 'You cannot suspend yourself');
      const at = nowIso();
      const until = input.days === null ? 'never' : new Date(Date.now() + input.days * DAY_MS).toISOString();
      const label = `@${person.username}${input.days === null ? ' for good' : ` for ${input.days} days`}`;
      await repo.withAudit(
        entry(moderator, 'suspend_account', { kind: 'person', id: person.id, label }, input.reason),
        (trx) => repo.suspend(trx, person, until, at),
      );
      await reports.closeAbout(person.id, at);
      deps.onPeopleChanged();
      // Signed out at once: every session ends, and every open tab's socket closes (in every process).
      await deps.endSessions(person.id);
      deps.emitter.endOtherSessions(person.id, '');
    },

    async restore(moderator: Moderator, userId: string, reason: string): Promise<void> {
      const person = await userOfKind(userId, 0);
      if (person.suspendedUntil === '') throw new HttpError(409, MODERATION_ERRORS.notSuspended);
      await repo.withAudit(
        entry(
          moderator,
          'restore_account',
          { kind: 'person', id: person.id, label: `@${person.username}` },
          reason,
        ),
        (trx) => repo.restore(trx, person, nowIso()),
      );
      deps.onPeopleChanged();
    },

    async auditLog(): Promise<AuditEntry[]> {
      return (await repo.auditLog(AUDIT_MAX)).map((row) => ({
        _id: row.id,
        moderatorUsername: row.moderatorUsername,
        action: row.action as ModerationAction,
        targetKind: row.targetKind,
        targetId: row.targetId,
        targetLabel: row.targetLabel,
        reason: row.reason,
        createdAt: row.createdAt,
      }));
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
