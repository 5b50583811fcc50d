import { SignupRequest } from '../../../contracts/users.js';
import { ApiError } from '../../lib/api-client.js';

/** The signup form's fields, in the order they appear on screen. */
export const SIGNUP_FIELDS = ['name', 'username', 'email', 'password'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

/** What is wrong with each field (one message each), plus anything not tied to a field. */
export interface SignupErrors {
  fields: Partial<Record<SignupField, string>>;
  general?: string;
}

const isSignupField = (key: unknown): key is SignupField =>
  typeof key === 'string' && (SIGNUP_FIELDS as readonly string[]).includes(key);

/**
 * Every field's problem at once, checked with the same contract the server applies (so the two never
 * disagree), instead of the server's one error per try. Empty when the form may be sent.
 */
export function checkSignup(input: Record<SignupField, string>): SignupErrors['fields'] {
  const parsed = SignupRequest.safeParse(input);
  if (parsed.success) return {};
  const fields: SignupErrors['fields'] = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (isSignupField(key)) fields[key] ??= issue.message;
  }
  return fields;
}

/** The server's refusal placed where it belongs: a taken username or email goes under its field. */
export function signupErrorsFrom(error: Error, message: string): SignupErrors {
  if (error instanceof ApiError && error.code === 'username_taken') return { fields: { username: message } };
  if (error instanceof ApiError && error.code === 'email_taken') return { fields: { email: message } };
  return { fields: {}, general: message };
}
