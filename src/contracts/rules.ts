/** Limits and sanitisers from SPEC §5 and §9, shared by server validation and client forms. */

export const LIMITS = {
  nameMax: 50,
  usernameMin: 2,
  usernameMax: 30,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  profileBioMax: 105,
  profilePicBytesMax: 2 * 1024 * 1024,
} as const;

/** UI timings from SPEC §9. */
export const TIMING = {
  tooltipMainMs: 1500,
  tooltipSecondaryMs: 1000,
  drawerAnimationMs: 300,
} as const;

/** Breakpoints from SPEC §9, in CSS pixels. */
export const BREAKPOINTS = {
  wide: 500,
  header: 700,
  drawerFull: 768,
  bubbles: 800,
} as const;

/**
 * Paths the web app owns at the top level; a username equal to one of them would shadow a page,
 * so nobody may take it. "ai" belongs to the default assistant persona.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'ai',
  'about',
  'admin',
  'api',
  'assets',
  'auth',
  'charioteer',
  'chat',
  'create',
  'editor',
  'explorer',
  'login',
  'logout',
  'moderation',
  'signup',
  'simplified',
  'socket.io',
  'studio',
  'tos',
  'update',
  'uploads',
]);

/** Human usernames: lowercase letters, digits and underscores (URL-safe, since /{username} is a route). */
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

/** Usernames are compared and stored in lowercase with surrounding space removed. */
export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

/** E-mail domain reserved for AI persona accounts (SPEC §3: an AI is recognised by its e-mail marker). */
export const AI_EMAIL_DOMAIN = 'ai.simplified.invalid';

/** Whether an account's e-mail marks it as an AI persona. */
export function isAiEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${AI_EMAIL_DOMAIN}`);
}

/** Persona category tags (SPEC §3). */
export const CATEGORY_TAGS = [
  'AI',
  'Art',
  'Business',
  'Epic',
  'Founder',
  'Fun',
  'Helper',
  'History',
  'Philosophy',
  'Podcast',
  'Productivity',
  'Science',
  'Startup',
  'Success',
] as const;
export type CategoryTag = (typeof CATEGORY_TAGS)[number];

/** Directory tabs that are not tags: All lists everything; the others search by their word (SPEC §3). */
export const DIRECTORY_KEYWORD_TABS = ['All', 'Ideas', 'Fiction', 'Finance'] as const;

/** SPEC §5 "Create AI" and "AI edit panel" limits, §9 directory card bio. */
export const PERSONA_LIMITS = {
  createBioMax: 1200,
  createPromptMax: 1500,
  memoryMax: 10000,
  editFieldMax: 1000,
  nameMax: 50,
  usernameMax: 30,
  cardBioChars: 50,
  /** What a persona says first in a new conversation (its opening message); the edit panel's field limit. */
  openingMessageMax: 1000,
  createFallbackMs: 5000,
} as const;

/** Name keeps only letters, digits and spaces (SPEC §5). */
export function filterPersonaName(raw: string): string {
  return raw.replace(/[^\p{L}\p{N} ]/gu, '');
}

/** Persona username: trimmed, lowercased, only ASCII letters and digits (it is a URL segment). */
export function filterPersonaUsername(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Bio, prompt, memory and category keep letters, digits, whitespace and , . ! : (SPEC §5). */
export function filterPersonaText(raw: string): string {
  return raw.replace(/[^\p{L}\p{N}\s,.!:]/gu, '');
}

/** Characters SPEC §5 lets an AI reply keep: letters, digits, whitespace and . ? , % ' (anything else becomes a space). */
const AI_REPLY_REPLACED = /[^\p{L}\p{N}\s.?,%']/gu;
const TRAILING_WHITESPACE = /\s*$/;

/**
 * The one sanitiser of a persona's text (SPEC §5): each character other than letters, digits, whitespace and
 * . ? , % ' becomes a space (literally one space each, as the spec says), and the ends are trimmed. The stream
 * of a reply goes through aiReplyStream, which gives exactly this, piece by piece.
 */
export function filterAiReply(raw: string): string {
  return raw.replace(AI_REPLY_REPLACED, ' ').trim();
}

export interface AiReplyStream {
  /** Adds the next raw piece; returns the sanitised text that can be shown now (possibly empty). */
  push(delta: string): string;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * filterAiReply for a reply that arrives in pieces: the concatenation of everything push returns is exactly
 * filterAiReply of the concatenated pieces, however the text was cut. What depends on text not yet seen is
 * held back: a trailing high surrogate (its pair may come next) and a trailing run of whitespace (it is
 * trimmed if nothing follows). When the text ends, what is held back is dropped: filterAiReply trims
 * trailing whitespace, and a lone surrogate becomes whitespace.
 */
export function aiReplyStream(): AiReplyStream {
  let carry = '';
  let held = '';
  let started = false;
  return {
    push(delta) {
      let raw = carry + delta;
      carry = '';
      if (raw.length > 0 && isHighSurrogate(raw.charCodeAt(raw.length - 1))) {
        carry = raw.slice(-1);
        raw = raw.slice(0, -1);
      }
      const mapped = held + raw.replace(AI_REPLY_REPLACED, ' ');
      const cut = mapped.search(TRAILING_WHITESPACE);
      held = mapped.slice(cut);
      let shown = mapped.slice(0, cut);
      if (!started) shown = shown.trimStart();
      if (shown !== '') started = true;
      return shown;
    },
  };
}
