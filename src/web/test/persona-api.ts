import type { ProfileResponse } from '../../contracts/users.js';
import { mockApi, type RecordedCall } from './fetch-mock.js';
import { buildProfile } from './fixtures.js';

/** A persona created by "ada" (the default signed-in test user), as its creator sees it. */
export const SAGE = buildProfile({
  _id: '0190a0b0-0000-7000-8000-0000000000a5',
  username: 'sage',
  name: 'Sage',
  bio: 'Calm answers.',
  isAi: true,
  tag: 'Philosophy',
  createdByUsername: 'ada',
  prompt: 'You are calm.',
  memory: 'Likes tea.',
});

type SaveReply = { status: number; body: unknown };

/** The profile API for one persona; PUT updateAiFields answers `onSave` (echoing the edit by default). */
export function personaApi(persona: ProfileResponse, onSave?: (call: RecordedCall) => SaveReply) {
  return mockApi((call) => {
    if (call.method === 'PUT' && call.path === '/api/users/updateAiFields') {
      if (onSave) return onSave(call);
      const { id: _id, ...fields } = call.body as Record<string, string>;
      return { status: 200, body: { ...persona, ...fields } };
    }
    if (call.path === `/api/users/profile/${persona.username}`) return { status: 200, body: persona };
    return { status: 404, body: { error: 'User not found' } };
  });
}
