import { z } from 'zod';

/**
 * What went wrong, as a program should tell it: stable across releases and wording changes. Clients branch on
 * the code (retry, sign out, highlight a field), never on the message, which is for people and may be reworded.
 */
export const ErrorCode = z.enum([
  /** The request broke a contract rule; the message names the field. */
  'invalid_input',
  'invalid_json',
  'unsupported_media_type',
  'too_large',
  /** No session, or it ended: the client signs the person out. */
  'not_signed_in',
  'bad_credentials',
  'current_password_needed',
  'current_password_wrong',
  /** Signed in, but this row or action belongs to someone else. */
  'forbidden',
  'foreign_origin',
  'not_found',
  'username_taken',
  'email_taken',
  /** The request conflicts with the row's current state (a discussion already running, not running…). */
  'conflict',
  'rate_limited',
  'quota_exceeded',
  /** This person already has an AI generation running; retrying shortly succeeds. */
  'ai_busy',
  /** This person's AI budget for the minute is spent; the message says when the next call fits. */
  'ai_rate_limited',
  /** The AI is off, getting ready or restarting on this server. */
  'ai_unavailable',
  'ai_timeout',
  'ai_failed',
  'ai_empty',
  /** A socket sent events faster than its budget; some were ignored. */
  'too_many_events',
  /** The server is past its capacity and refused the work without doing it; retrying after a pause succeeds. */
  'server_busy',
  /** This process should get no traffic now (a dependency is down, or it is shutting down); another one may. */
  'not_ready',
  /** A message or forward was not delivered; the reason is not told (it may be a block by the recipient). */
  'not_delivered',
  /** The person blocked the one they address: unblocking them is what allows it. */
  'blocked',
  /** The account is suspended by a moderator (the message says until when). */
  'suspended',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error the API and the sockets return has this shape (SPEC §7: the answer "may carry error"). */
export const ErrorResponse = z.object({ error: z.string(), code: ErrorCode });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * An error over a socket: a refusal that waiting cures (`rate_limited`, `server_busy`…) says after how many
 * milliseconds to retry, as Retry-After does over HTTP.
 */
export const Refusal = ErrorResponse.extend({ retryAfterMs: z.number().int().nonnegative().optional() });
export type Refusal = z.infer<typeof Refusal>;

/** Messages shown to users verbatim; one wording per failure so tests and UI agree. */
export const ERRORS = {
  badCredentials: 'Invalid username or password',
  notSignedIn: 'You need to sign in first',
  forbiddenProfile: 'You can only update your own profile',
  userNotFound: 'User not found',
  usernameTaken: 'That username is already taken',
  emailTaken: 'That email is already registered',
  usernameReserved: 'That username is reserved',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests, please slow down and try again shortly',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  imageType: 'The picture must be a PNG, JPEG, GIF, WebP, AVIF, BMP or ICO image',
  imageTooLarge: 'The picture must be 2 MB or smaller',
  imageMismatch: 'The picture content does not match its type',
  /** The daily allowances: the server adds when the next one fits ("Please try again in 3 hours."). */
  pictureQuota: 'You have uploaded as many pictures as one day allows.',
  savedItemsQuota: 'You have saved as much as one day allows.',
  discussionsQuota: 'You have started as many roundtables as one day allows.',
  currentPasswordNeeded: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'Your current password is not right',
  tooManyEvents: 'Your app is sending too much too fast; some of it was ignored',
  floodDisconnected: 'Disconnected for sending too much too fast. Reconnecting shortly.',
  foreignOrigin: 'This request came from another website, so it was refused',
  serverBusy: 'The server is busy right now. Please try again in a moment.',
} as const;
