import { z } from 'zod';
import { LEFT_OUT_REASONS } from '../../../lib/pdf/left-out-reasons.js';

/**
 * The Studio session kept in this browser across reloads, one entry per signed-in user. The entry is
 * versioned and checked with zod when read: an entry from an older version, a corrupt one or one
 * edited by hand is dropped (the Studio starts empty), never trusted.
 */

export const STUDIO_SESSION_VERSION = 1;

/** localStorage key of a user's Studio session. */
export function studioSessionKey(userId: string): string {
  return `studio:v${STUDIO_SESSION_VERSION}:${userId}`;
}

/**
 * Size policy. localStorage holds about 5 million characters per site, shared with the rest of the
 * app, so one session may use at most a fifth of it. The newest replies are kept (at most
 * MAX_HISTORY); when the entry is still too big the oldest replies go first, then the PDF texts
 * (largest first), and last the context box and the conversation. What was left out is recorded in
 * the entry so the Studio can say so after the reload instead of losing it silently.
 */
export const STUDIO_SESSION_LIMITS = { maxHistory: 50, maxChars: 1_000_000 } as const;

const WebSourceSchema = z.object({
  title: z.string(),
  url: z.string().optional(),
  note: z.string().optional(),
  source: z.enum(['encyclopedia', 'ai']),
});

const pageList = z.array(z.number().int().min(1));

/** A PDF's intake report (lib/pdf/intake-report.ts), kept with its text so the file still says what was left out. */
const IntakeReportSchema = z.object({
  pages: z.number().int().min(0),
  characters: z.number().int().min(0),
  pagesWithoutText: pageList,
  ocrPages: pageList,
  // Entries written before confidences were kept have none: no page was flagged then.
  lowConfidence: z
    .array(z.object({ page: z.number().int().min(1), confidence: z.number().int().min(0).max(100) }))
    .default([]),
  leftOut: z.array(z.object({ reason: z.enum(LEFT_OUT_REASONS), pages: pageList })),
});

const StudioSessionData = z.object({
  input: z.string(),
  output: z.string(),
  history: z.array(z.object({ text: z.string(), web: WebSourceSchema.optional() })),
  historyIndex: z.number().int().min(-1),
  conversation: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string() })),
  context: z.string(),
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      text: z.string(),
      pages: z.number().int().min(0),
      // Optional: entries written before reports existed are still read.
      report: IntakeReportSchema.optional(),
    }),
  ),
  selectedId: z.string().nullable(),
  pro: z.boolean(),
});
export type StudioSessionData = z.infer<typeof StudioSessionData>;

/** A Studio with nothing in it: what a new person, "clear" and "free" together, and a dropped entry give. */
export const EMPTY_STUDIO_SESSION: StudioSessionData = {
  input: '',
  output: '',
  history: [],
  historyIndex: -1,
  conversation: [],
  context: '',
  files: [],
  selectedId: null,
  pro: false,
};

const StudioSessionEntry = z.object({
  version: z.literal(STUDIO_SESSION_VERSION),
  data: StudioSessionData,
  /** What the size policy left out when this entry was written, in words for the user. */
  leftOut: z.array(z.string()),
});
type StudioSessionEntry = z.infer<typeof StudioSessionEntry>;

/** What a reload brings back: the session and what could not be kept. */
export interface RestoredSession {
  data: StudioSessionData;
  leftOut: string[];
}

const size = (entry: StudioSessionEntry) => JSON.stringify(entry).length;

/** Applies the size policy; never changes what the user sees now, only what is written. */
export function boundSession(
  data: StudioSessionData,
  limits: { maxHistory: number; maxChars: number } = STUDIO_SESSION_LIMITS,
): StudioSessionEntry {
  const leftOut: string[] = [];
  let kept = data;
  const entry = (): StudioSessionEntry => ({ version: STUDIO_SESSION_VERSION, data: kept, leftOut });
  const dropOldest = (count: number) => {
    const history = kept.history.slice(count);
    const historyIndex = Math.max(history.length ? 0 : -1, kept.historyIndex - count);
    kept = { ...kept, history, historyIndex };
  };

  if (kept.history.length > limits.maxHistory) dropOldest(kept.history.length - limits.maxHistory);
  // Measured once, then less each reply dropped (its JSON and a comma), so a large session is not
  // serialised again for every reply.
  let total = size(entry());
  let oldest = 0;
  while (kept.history.length - oldest > 1 && total > limits.maxChars) {
    total -= JSON.stringify(kept.history[oldest]).length + 1;
    oldest += 1;
  }
  if (oldest > 0) dropOldest(oldest);
  const droppedReplies = data.history.length - kept.history.length;
  if (droppedReplies > 0) {
    leftOut.push(droppedReplies === 1 ? 'the oldest reply' : `the ${droppedReplies} oldest replies`);
  }
  for (const file of [...kept.files].sort((a, b) => b.text.length - a.text.length)) {
    if (size(entry()) <= limits.maxChars) break;
    kept = { ...kept, files: kept.files.filter((other) => other.id !== file.id) };
    leftOut.push(`the text of ${file.name}`);
  }
  if (size(entry()) > limits.maxChars) {
    const output = kept.history[kept.historyIndex]?.text ?? '';
    kept = { ...kept, context: '', conversation: [], input: '', output };
    leftOut.push('the context box and the conversation');
  }
  return entry();
}

/** True when there is nothing worth keeping (the entry is then removed rather than written). */
export function isEmptySession(data: StudioSessionData): boolean {
  return (
    !data.input &&
    !data.output &&
    data.history.length === 0 &&
    data.conversation.length === 0 &&
    !data.context &&
    data.files.length === 0 &&
    data.selectedId === null &&
    !data.pro
  );
}

function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** Reads a user's session; anything unreadable or off-schema is removed and yields null. */
export function loadStudioSession(userId: string): RestoredSession | null {
  const key = studioSessionKey(userId);
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    removeKey(key);
    return null;
  }
  const parsed = StudioSessionEntry.safeParse(json);
  if (!parsed.success) {
    removeKey(key);
    return null;
  }
  const { data, leftOut } = parsed.data;
  // A hand-edited index past the history's end would show nothing; point it at the newest reply.
  const historyIndex = Math.min(data.historyIndex, data.history.length - 1);
  return { data: { ...data, historyIndex }, leftOut };
}

/** Writes a user's session within the size policy, or removes it when the session is empty. */
export function saveStudioSession(userId: string, data: StudioSessionData): void {
  const key = studioSessionKey(userId);
  if (isEmptySession(data)) {
    removeKey(key);
    return;
  }
  try {
    window.localStorage.setItem(key, JSON.stringify(boundSession(data)));
  } catch {
    // A full quota: keeping a stale entry would restore old work over new, so drop it instead.
    removeKey(key);
  }
}

/** Forgets a user's session (on logout). */
export function clearStudioSession(userId: string): void {
  removeKey(studioSessionKey(userId));
}
