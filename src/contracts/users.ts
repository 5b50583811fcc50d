import { z } from 'zod';
import { requiredText } from './required-text.js';
import { LIMITS, RESERVED_USERNAMES, USERNAME_PATTERN, normalizeUsername } from './rules.js';
import { DEFAULT_VOICE, VoiceSettings } from './voices.js';

const name = requiredText('Name', LIMITS.nameMax, 'Name is required');

/** A username as a person picks it: normalised, URL-safe and not shadowing a page. */
export const Username = z
  .string({ error: 'Username is required' })
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
      .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
      .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and underscores')
      .refine((u) => !RESERVED_USERNAMES.has(u), 'That username is reserved'),
  );

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, 'Email is too long')
  .pipe(z.email('Email is not a valid address'));

const password = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

const bio = z
  .string()
  .trim()
  .max(LIMITS.profileBioMax, `Bio must be at most ${LIMITS.profileBioMax} characters`);

export const SignupRequest = z.object({ name, username: Username, email, password });
export type SignupRequest = z.input<typeof SignupRequest>;

export const LoginRequest = z.object({
  username: z
    .string({ error: 'Username is required' })
    .transform(normalizeUsername)
    .pipe(z.string().min(1, 'Username is required')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax),
});
export type LoginRequest = z.input<typeof LoginRequest>;

/**
 * SPEC §7 update payload. Every field is optional; an empty password means "keep the current one".
 * profilePic: a data URL uploads a new picture, "" removes it, the current URL keeps it.
 */
export const UpdateUserRequest = z.object({
  name: name.optional(),
  username: Username.optional(),
  email: email.optional(),
  bio: bio.optional(),
  password: z.union([z.literal(''), password]).optional(),
  /** Required, and checked, when the e-mail or the password changes: a stolen session alone cannot take the account. */
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
  profilePic: z
    .string()
    .max(4 * 1024 * 1024, 'The picture must be 2 MB or smaller')
    .optional(),
  /** Off: the person neither sends nor sees seen marks. */
  readReceipts: z.boolean({ error: 'readReceipts must be true or false' }).optional(),
  /** The voice other people's messages (and one's own) are read aloud in, for this person only. */
  peopleVoice: VoiceSettings.optional(),
  /** Show mature personas in the Explorer, search and the Charioteer's picker. */
  showMature: z.boolean({ error: 'showMature must be true or false' }).optional(),
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

/** A persona's content rating: mature personas are hidden from people who have not chosen to see them. */
export const PersonaRating = z.enum(['general', 'mature'], { error: 'rating must be general or mature' });
export type PersonaRating = z.infer<typeof PersonaRating>;

/** A profile as anyone may see it: no e-mail, no secrets. */
export const PublicUser = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  bio: z.string(),
  profilePic: z.string(),
  isAi: z.boolean(),
  isFrozen: z.boolean(),
  tag: z.string(),
  createdByUsername: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A persona's prompt and memory reach only its creator. */
  prompt: z.string().optional(),
  memory: z.string().optional(),
  /**
   * A persona's opening message, to every signed-in viewer: unlike the prompt and memory it is no secret, since
   * everyone who chats with the persona reads it as its first bubble (shown before they write). Filtered like a
   * reply. People have none.
   */
  openingMessage: z.string().optional(),
  /** A persona's read-aloud voice, which everyone who reads its messages hears; people have none here. */
  voice: VoiceSettings.optional(),
  /** To a frozen persona's creator only: the moderator's reason (everyone else finds no such persona). */
  frozenReason: z.string().optional(),
  /** A persona's content rating; people have none. */
  rating: PersonaRating.optional(),
  /** The account was deleted: shown as "deleted account", with no name, picture or bio. */
  deleted: z.literal(true).optional(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** The signed-in user's own account, as login, signup and update return it. */
export const SelfUser = PublicUser.extend({
  email: z.string(),
  // A session stored by an earlier version has no setting yet: receipts are on by default.
  readReceipts: z.boolean().default(true),
  /** Likewise the voice for people's messages: SPEC §9's default until the person picks one. */
  peopleVoice: VoiceSettings.default(DEFAULT_VOICE),
  /** A moderator sees the moderation page (the operator gives the role: `npm run moderator`). */
  isModerator: z.boolean().default(false),
  /** Mature personas are shown only once the person switches this on (off by default). */
  showMature: z.boolean().default(false),
});
export type SelfUser = z.infer<typeof SelfUser>;

/** GET /api/users/profile/:query answers with the profile; email and settings appear only on one's own. */
export const ProfileResponse = PublicUser.extend({
  email: z.string().optional(),
  /** On someone else's profile: whether the viewer blocked them (never whether they blocked the viewer). */
  blockedByYou: z.boolean().optional(),
  readReceipts: z.boolean().optional(),
  peopleVoice: VoiceSettings.optional(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const LogoutResponse = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;
