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
  'signup',
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
