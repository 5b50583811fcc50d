import type { ProfileResponse, SelfUser } from '../../contracts/users.js';
import { DEFAULT_VOICE } from '../../contracts/voices.js';

/** A valid signed-in user; override what a test cares about. */
export function buildSelfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    _id: '0190a0b0-0000-7000-8000-000000000001',
    name: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    bio: 'First programmer.',
    profilePic: '',
    isAi: false,
    isFrozen: false,
    tag: '',
    createdByUsername: '',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    readReceipts: true,
    peopleVoice: DEFAULT_VOICE,
    isModerator: false,
    showMature: false,
    ...overrides,
  };
}

/** A profile as GET /api/users/profile answers it for someone else. */
export function buildProfile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  const {
    email: _email,
    readReceipts: _readReceipts,
    peopleVoice: _peopleVoice,
    isModerator: _isModerator,
    showMature: _showMature,
    ...rest
  } = buildSelfUser({
    _id: '0190a0b0-0000-7000-8000-000000000002',
    name: 'Grace Hopper',
    username: 'grace',
    bio: 'Compilers and nanoseconds.',
  });
  return { ...rest, ...overrides };
}
