import { z } from 'zod';
import { requiredText } from './required-text.js';

export const AI_LIMITS = {
  promptMax: 20000,
} as const;

/** POST /api/ai/getAI and /api/ai/getAI/stream (SPEC §7): the answer is plain text. */
export const GetAiRequest = z.object({
  message: requiredText('message', AI_LIMITS.promptMax),
});
export type GetAiRequest = z.infer<typeof GetAiRequest>;

/**
 * GET /api/ai/status, for signed-in people: whether AI answers now and, while the model downloads, how far it
 * is (0..1). Nothing more: why AI is unavailable and how to fix it is for the operator, in the server log.
 */
export const AiStatusResponse = z.object({
  state: z.enum(['ready', 'downloading', 'loading', 'unavailable', 'off']),
  progress: z.number().min(0).max(1).optional(),
});
export type AiStatusResponse = z.infer<typeof AiStatusResponse>;

/** "43 %" from 0.43: how people see a download's progress, in the banner and in refusals. */
export function progressPercent(progress: number): number {
  return Math.min(100, Math.max(0, Math.floor(progress * 100)));
}

/** What people are told while AI cannot answer: never a path, an address or a setting. */
export const AI_NOT_READY = {
  unavailable: 'AI replies are not available on this server yet.',
  off: 'AI replies are turned off on this server.',
  loading: 'The AI is getting ready. Please try again in a moment.',
  downloading: (progress: number) =>
    `The AI is getting ready (${progressPercent(progress)} %). Please try again in a few minutes.`,
  closing: 'The AI is restarting. Please try again in a moment.',
} as const;

export const AI_ERRORS = {
  busy: 'You already have an AI request running. Wait for it to finish, then try again.',
  /** Every feature spends one per-minute budget per person; this says when the next call fits. */
  tooFast: (seconds: number) => `You're going fast — try again in ${Math.max(1, Math.ceil(seconds))} s.`,
  timeout: 'The AI took too long to answer. Please try again.',
  failed: 'The AI service failed to answer. Please try again in a moment.',
  empty: 'The AI gave an empty answer. Please try again.',
} as const;

/** SPEC §8: the message for a web lookup without a phrase. */
export const WEB_EMPTY_MESSAGE = 'Type a phrase to search. ( Alpha search is in experimental mode. )';

/** POST /api/ai/web: look a phrase up in the encyclopedia, or have the AI summarise it. */
export const WebLookupRequest = z.object({
  phrase: z
    .string({ error: WEB_EMPTY_MESSAGE })
    .trim()
    .min(1, WEB_EMPTY_MESSAGE)
    .max(300, 'The phrase must be at most 300 characters'),
});

export const WebLookupResponse = z.object({
  phrase: z.string(),
  title: z.string(),
  text: z.string(),
  /** The encyclopedia page, when the text came from it. */
  url: z.string().optional(),
  source: z.enum(['encyclopedia', 'ai']),
  /** Why the AI summarised instead, in plain words. */
  note: z.string().optional(),
});
export type WebLookupResponse = z.infer<typeof WebLookupResponse>;
