import { z } from 'zod';
import { PersonaRating } from './users.js';

/** Reports and moderation (issue 42). */
export const REPORT_REASONS = [
  'harassment',
  'sexual_content_involving_minors',
  'hate',
  'spam',
  'impersonation',
  'self_harm',
  'other',
] as const;
export const ReportReason = z.enum(REPORT_REASONS, { error: 'Pick a reason from the list' });
export type ReportReason = z.infer<typeof ReportReason>;

/** How each reason reads in the report form and the moderation queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment',
  sexual_content_involving_minors: 'Sexual content involving minors',
  hate: 'Hate',
  spam: 'Spam',
  impersonation: 'Impersonation',
  self_harm: 'Self-harm',
  other: 'Other',
};

export const MODERATION_LIMITS = {
  noteChars: 1000,
  reasonChars: 500,
  /** Messages kept on each side of a reported one. */
  neighbours: 2,
  maxSuspensionDays: 3650,
} as const;

export const MODERATION_ERRORS = {
  moderatorsOnly: 'Only moderators can do this',
  reportYourself: 'You cannot report yourself',
  reportNotFound: 'Report not found',
  tooFast: 'You are sending reports too fast. Please wait a moment and try again.',
  notSuspended: 'This account is not suspended',
  notFrozen: 'This persona is not frozen',
  suspended: 'This account is suspended.',
} as const;

/** What the reporter is told once a report is stored; the reported party is told nothing. */
export const REPORT_RECEIVED = 'Thank you. Your report was sent to the moderators, who will look at it.';

export const ReportKind = z.enum(['persona', 'message', 'person']);
export type ReportKind = z.infer<typeof ReportKind>;

/** POST /api/reports */
export const ReportRequest = z.object({
  kind: ReportKind,
  targetId: z.string().max(64, 'targetId must be an id'),
  reason: ReportReason,
  note: z
    .string()
    .trim()
    .max(MODERATION_LIMITS.noteChars, `The note must be at most ${MODERATION_LIMITS.noteChars} characters`)
    .default(''),
});
export type ReportRequest = z.input<typeof ReportRequest>;

export const ReportReceipt = z.object({ _id: z.string(), message: z.string() });

const SnapshotMessage = z.object({
  _id: z.string(),
  sender: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** The reported one among its neighbours. */
  reported: z.boolean(),
});

/** What was reported, as it was then: for a persona its hidden prompt and memory too (moderators only). */
export const ReportSnapshot = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), messages: z.array(SnapshotMessage) }),
  z.object({
    kind: z.literal('persona'),
    name: z.string(),
    username: z.string(),
    bio: z.string(),
    tag: z.string(),
    prompt: z.string(),
    memory: z.string(),
    openingMessage: z.string(),
    createdByUsername: z.string(),
  }),
  z.object({ kind: z.literal('person'), name: z.string(), username: z.string(), bio: z.string() }),
]);
export type ReportSnapshot = z.infer<typeof ReportSnapshot>;

/** A report as the moderation queue shows it. */
export const QueuedReport = z.object({
  _id: z.string(),
  kind: ReportKind,
  targetId: z.string(),
  /** The persona, the message's sender or the person: what an action acts on. */
  targetUser: z.object({ _id: z.string(), username: z.string(), isAi: z.boolean(), isFrozen: z.boolean() }),
  reason: ReportReason,
  note: z.string(),
  reporterUsername: z.string(),
  createdAt: z.string(),
  /** Open reports about the same user: the queue puts the most reported first. */
  reportsOnTarget: z.number().int().min(1),
  snapshot: ReportSnapshot,
});
export type QueuedReport = z.infer<typeof QueuedReport>;
export const ReportQueue = z.array(QueuedReport);

const reason = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(1, 'Give a reason')
  .max(
    MODERATION_LIMITS.reasonChars,
    `The reason must be at most ${MODERATION_LIMITS.reasonChars} characters`,
  );

/** Every moderator action says why; the audit log keeps it. */
export const ModerationActionRequest = z.object({ reason });
export type ModerationActionRequest = z.input<typeof ModerationActionRequest>;

export const SuspendRequest = z.object({
  reason,
  /** Days of suspension; null suspends for good. */
  days: z.number().int().min(1).max(MODERATION_LIMITS.maxSuspensionDays).nullable(),
});
export type SuspendRequest = z.input<typeof SuspendRequest>;

/** POST /api/moderation/personas/:id/rating: a moderator changes a persona's content rating. */
export const RatePersonaRequest = z.object({ reason, rating: PersonaRating });
export type RatePersonaRequest = z.input<typeof RatePersonaRequest>;

export const ModerationAction = z.enum([
  'rate_persona',
  'dismiss_report',
  'remove_message',
  'freeze_persona',
  'unfreeze_persona',
  'suspend_account',
  'restore_account',
]);
export type ModerationAction = z.infer<typeof ModerationAction>;

export const AuditEntry = z.object({
  _id: z.string(),
  moderatorUsername: z.string(),
  action: ModerationAction,
  targetKind: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditLog = z.array(AuditEntry);

/** The text a removed message is left with, so the conversation keeps its order. */
export const REMOVED_MESSAGE_TEXT = '[removed by a moderator]';
