import { z } from 'zod';

/** Every error the API returns has this shape (SPEC §7: the answer "may carry error"). */
export const ErrorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

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
  pictureQuota: 'You have uploaded many pictures today. Please try again tomorrow.',
  currentPasswordNeeded: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'Your current password is not right',
  tooManyEvents: 'Your app is sending too much too fast; some of it was ignored',
  floodDisconnected: 'Disconnected for sending too much too fast. Reconnecting shortly.',
  foreignOrigin: 'This request came from another website, so it was refused',
} as const;
