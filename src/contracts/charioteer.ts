import { z } from 'zod';
import { requiredText } from './required-text.js';

/** Limits of the Charioteer roundtable (issue 7). */
export const CHARIOTEER_LIMITS = {
  personasMin: 2,
  personasMax: 5,
  topicMax: 500,
  interjectionMax: 2000,
  turnsPerRunDefault: 10,
  turnsPerRunMax: 30,
} as const;

export const DiscussionStatus = z.enum(['running', 'paused', 'stopped', 'finished', 'failed']);
export type DiscussionStatus = z.infer<typeof DiscussionStatus>;

/** POST /api/charioteer/discussions: seat 2 to 5 personas around a topic. */
export const StartDiscussionRequest = z.object({
  topic: requiredText('topic', CHARIOTEER_LIMITS.topicMax, 'topic is required'),
  personaIds: z
    .array(z.string(), { error: 'personaIds is required' })
    .min(CHARIOTEER_LIMITS.personasMin, 'Choose at least 2 personas')
    .max(CHARIOTEER_LIMITS.personasMax, 'Choose at most 5 personas')
    .refine((ids) => new Set(ids).size === ids.length, 'Each persona can take only one seat'),
  turns: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHARIOTEER_LIMITS.turnsPerRunMax, `turns must be at most ${CHARIOTEER_LIMITS.turnsPerRunMax}`)
    .default(CHARIOTEER_LIMITS.turnsPerRunDefault),
});
export type StartDiscussionRequest = z.input<typeof StartDiscussionRequest>;

/** POST /api/charioteer/discussions/:id/resume: continue for this many more turns. */
export const ResumeDiscussionRequest = z.object({
  turns: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHARIOTEER_LIMITS.turnsPerRunMax)
    .default(CHARIOTEER_LIMITS.turnsPerRunDefault),
});

/** POST /api/charioteer/discussions/:id/next: who speaks next. */
export const PickSpeakerRequest = z.object({ personaId: z.string({ error: 'personaId is required' }) });

/** POST /api/charioteer/discussions/:id/messages: the user joins in; the next speaker sees it. */
export const InterjectRequest = z.object({
  text: requiredText('text', CHARIOTEER_LIMITS.interjectionMax),
});

export const Seat = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profilePic: z.string(),
});
export type Seat = z.infer<typeof Seat>;

/** How a turn that was stopped or failed part way is marked after its text, on screen and in an export. */
export const CUT_SHORT_MARK = '(cut short)';

export const Turn = z.object({
  _id: z.string(),
  discussionId: z.string(),
  /** A persona's id, or the user's own id for an interjection. */
  speakerId: z.string(),
  speakerKind: z.enum(['persona', 'user']),
  text: z.string(),
  /** The turn was stopped or failed part way: `text` is what was said until then. */
  cutShort: z.boolean(),
  createdAt: z.string(),
});
export type Turn = z.infer<typeof Turn>;

export const Discussion = z.object({
  _id: z.string(),
  topic: z.string(),
  seats: z.array(Seat),
  status: DiscussionStatus,
  /** Set when the user picked who speaks next. */
  nextSpeakerId: z.string().nullable(),
  /** Turns left in the current run. */
  turnsLeft: z.number().int(),
  error: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Discussion = z.infer<typeof Discussion>;

export const DiscussionList = z.array(Discussion);
export const DiscussionWithTurns = z.object({ discussion: Discussion, turns: z.array(Turn) });
export type DiscussionWithTurns = z.infer<typeof DiscussionWithTurns>;

export const CHARIOTEER_ERRORS = {
  alreadyRunning: 'You already have a discussion running. Pause or stop it first.',
  notFound: 'Discussion not found',
  notYours: 'This discussion belongs to someone else',
  notSeated: 'That persona is not at this table',
  personaMissing: 'One of the chosen personas no longer exists',
  notRunning: 'This discussion is not running',
} as const;
