import type { ProfileResponse, SelfUser } from '../../contracts/users.js';
import type { TestClient } from './http-client.js';

let counter = 0;

export interface BuiltUser {
  user: SelfUser;
  password: string;
  client: TestClient;
}

/** Signs a new person up over HTTP and returns them with a client that holds their session. */
export async function buildUser(
  client: TestClient,
  overrides: Partial<{ name: string; username: string; email: string; password: string }> = {},
): Promise<BuiltUser> {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const input = {
    name: `Person ${counter}`,
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const res = await client.post<SelfUser>('/api/users/signup', input);
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body, password: input.password, client };
}

export interface PersonaInput {
  name: string;
  username: string;
  bio: string;
  prompt: string;
  memory: string;
  tag: string;
}

/** Creates a persona owned by the client's signed-in user; returns the creator's view of it. */
export async function buildPersona(
  client: TestClient,
  overrides: Partial<PersonaInput> = {},
): Promise<ProfileResponse> {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const input: PersonaInput = {
    name: `Persona ${counter}`,
    username: `persona${tag}`,
    bio: 'A calm guide for busy people.',
    prompt: 'You are a calm guide. Answer briefly and kindly.',
    memory: 'Likes tea. Lives in a lighthouse.',
    tag: 'Helper',
    ...overrides,
  };
  const res = await client.post<ProfileResponse>('/api/ai/createAI', input);
  if (res.status !== 201) throw new Error(`createAI failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Gives a persona an opening message the way its creator's edit panel does (personas are created without one).
 * The edit sends every field: name and bio as they are, `buildPersona`'s prompt and tag, and an empty memory.
 */
export async function setOpeningMessage(
  creator: TestClient,
  persona: ProfileResponse,
  openingMessage: string,
): Promise<void> {
  const res = await creator.put('/api/users/updateAiFields', {
    id: persona._id,
    name: persona.name,
    bio: persona.bio,
    prompt: 'You are a calm guide. Answer briefly and kindly.',
    memory: '',
    tag: 'Helper',
    openingMessage,
  });
  if (res.status !== 200) throw new Error(`updateAiFields failed: ${res.status} ${JSON.stringify(res.body)}`);
}
