import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../../contracts/users.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { PERSONA_ERRORS } from './personas.service.js';

let server: TestServer;
let creator: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  creator = await buildUser(server.client());
});
afterAll(() => server.close());

const valid = (suffix: string) => ({
  name: 'Captain Nova',
  username: `nova${suffix}`,
  bio: 'A starship captain who explains physics.',
  prompt: 'You are Captain Nova. Explain physics with space stories.',
  memory: 'Commands the ship Lumen.',
  tag: 'Science',
});

describe('POST /api/ai/createAI', () => {
  it('creates a persona owned by the signed-in user, whatever the payload claims', async () => {
    const res = await creator.client.post<ProfileResponse>('/api/ai/createAI', {
      ...valid('a'),
      createdByUsername: 'someone_else',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...valid('a'),
      isAi: true,
      createdByUsername: creator.user.username,
    });
    expect(JSON.stringify(res.body)).not.toContain('ai.simplified.invalid');
  });

  it('applies the SPEC character filters before checking', async () => {
    const res = await creator.client.post<ProfileResponse>('/api/ai/createAI', {
      name: 'Dr. Who-Knows?!',
      username: '  Mr Bot_9  ',
      bio: 'Why? Because (reasons); it works!',
      prompt: 'Say "hi" & wave: then rest.',
      memory: 'Tea #1, always.',
      tag: 'Fun',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Dr WhoKnows',
      username: 'mrbot9',
      bio: 'Why Because reasons it works!',
      prompt: 'Say hi  wave: then rest.',
      memory: 'Tea 1, always.',
    });
  });

  it.each([
    ['name', { name: undefined }, 'Name is required'],
    ['name with nothing allowed', { name: '?!-' }, 'Name is required'],
    ['username', { username: undefined }, 'Username is required'],
    ['bio', { bio: undefined }, 'Bio is required'],
    ['prompt', { prompt: '   ' }, 'Prompt is required'],
    ['category', { tag: undefined }, 'Category must be one of'],
    ['unknown category', { tag: 'Cooking' }, 'Category must be one of'],
    ['bio over 1200', { bio: 'b'.repeat(1201) }, 'Bio must be at most 1200 characters'],
    ['prompt over 1500', { prompt: 'p'.repeat(1501) }, 'Prompt must be at most 1500 characters'],
    ['memory over 10000', { memory: 'm'.repeat(10001) }, 'Memory must be at most 10000 characters'],
    ['reserved username', { username: 'AI' }, 'That username is reserved'],
  ])('refuses a missing or bad %s with 400 naming it', async (_label, patch, message) => {
    const res = await creator.client.post('/api/ai/createAI', {
      ...valid(`x${Math.random().toString(36).slice(2, 8)}`),
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message), code: 'invalid_input' });
  });

  it('accepts every field at its limit', async () => {
    const res = await creator.client.post('/api/ai/createAI', {
      ...valid('limits'),
      bio: 'b'.repeat(1200),
      prompt: 'p'.repeat(1500),
      memory: 'm'.repeat(10000),
    });
    expect(res.status).toBe(201);
  });

  it('refuses a username any account already has with 409', async () => {
    const human = await buildUser(server.client());
    const res = await creator.client.post('/api/ai/createAI', {
      ...valid('z'),
      username: human.user.username.replace(/_/g, ''),
    });
    expect(res.status).toBe(201);
    await buildPersona(creator.client, { username: 'takenbot' });
    const again = await creator.client.post('/api/ai/createAI', { ...valid('z'), username: 'TakenBot' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: PERSONA_ERRORS.usernameTaken, code: 'username_taken' });
  });

  it('makes personas that can never log in, and needs a signed-in creator', async () => {
    const persona = await buildPersona(creator.client);
    const login = await server
      .client()
      .post('/api/users/login', { username: persona.username, password: '!persona' });
    expect(login.status).toBe(401);
    const anonymous = await server.client().post('/api/ai/createAI', valid('anon'));
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/users/updateAiFields', () => {
  it('lets the creator change name, bio, prompt, memory and tag', async () => {
    const persona = await buildPersona(creator.client);
    const res = await creator.client.put<ProfileResponse>('/api/users/updateAiFields', {
      id: persona._id,
      name: 'Renamed',
      bio: 'New bio.',
      prompt: 'New prompt.',
      memory: 'New memory.',
      tag: 'History',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      bio: 'New bio.',
      prompt: 'New prompt.',
      memory: 'New memory.',
      tag: 'History',
    });
  });

  it.each([
    ['name', { name: 'n'.repeat(1001) }, 'Name must be at most 1000 characters'],
    ['bio', { bio: 'b'.repeat(1001) }, 'Bio must be at most 1000 characters'],
    ['prompt', { prompt: 'p'.repeat(1001) }, 'Prompt must be at most 1000 characters'],
    ['memory', { memory: 'm'.repeat(10001) }, 'Memory must be at most 10000 characters'],
    ['tag', { tag: 'Nope' }, 'Category must be one of'],
  ])('enforces the edit panel limit on %s', async (_label, patch, message) => {
    const persona = await buildPersona(creator.client);
    const res = await creator.client.put('/api/users/updateAiFields', {
      id: persona._id,
      name: 'Ok',
      bio: 'Ok.',
      prompt: 'Ok.',
      memory: '',
      tag: 'Fun',
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message), code: 'invalid_input' });
  });

  it('refuses everyone but the creator with 403, and non-personas with 404', async () => {
    const persona = await buildPersona(creator.client);
    const other = await buildUser(server.client());
    const body = { id: persona._id, name: 'Hijack', bio: 'x', prompt: 'x', memory: '', tag: 'Fun' };
    const res = await other.client.put('/api/users/updateAiFields', body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: PERSONA_ERRORS.notCreator, code: 'forbidden' });
    const human = await other.client.put('/api/users/updateAiFields', { ...body, id: other.user._id });
    expect(human.status).toBe(404);
    const unknown = await other.client.put('/api/users/updateAiFields', {
      ...body,
      id: '0190d6a8-0000-7000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const check = await creator.client.get<ProfileResponse>(`/api/users/profile/${persona.username}`);
    expect(check.body.name).toBe(persona.name);
  });

  it('follows the creator through a username change', async () => {
    const owner = await buildUser(server.client());
    const persona = await buildPersona(owner.client);
    const renamed = `${owner.user.username}_new`;
    await owner.client.put(`/api/users/update/${owner.user._id}`, { username: renamed });
    const res = await owner.client.put<ProfileResponse>('/api/users/updateAiFields', {
      id: persona._id,
      name: 'Still mine',
      bio: 'x',
      prompt: 'x',
      memory: '',
      tag: 'Fun',
    });
    expect(res.status).toBe(200);
    expect(res.body.createdByUsername).toBe(renamed);
  });
});

describe('privacy of prompt and memory', () => {
  it('shows them to the creator only', async () => {
    const persona = await buildPersona(creator.client, { prompt: 'Secret sauce.', memory: 'Hidden facts.' });
    const other = await buildUser(server.client());
    const theirs = await other.client.get<ProfileResponse>(`/api/users/profile/${persona.username}`);
    expect(theirs.body).not.toHaveProperty('prompt');
    expect(theirs.body).not.toHaveProperty('memory');
    const mine = await creator.client.get<ProfileResponse>(`/api/users/profile/${persona.username}`);
    expect(mine.body).toMatchObject({ prompt: 'Secret sauce.', memory: 'Hidden facts.' });
    const directory = await creator.client.get(
      `/api/users/directory?createdBy=${creator.user.username}&limit=100`,
    );
    expect(JSON.stringify(directory.body)).not.toMatch(/Secret sauce|Hidden facts/);
  });
});

describe('the cap of 200 personas per creator', () => {
  it('refuses the 201st with 409 quota_exceeded: it is a total, so waiting would not help', async () => {
    const prolific = await buildUser(server.client());
    for (let i = 0; i < 200; i += 1) await buildPersona(prolific.client);
    const refused = await prolific.client.post('/api/ai/createAI', valid(`cap${Date.now().toString(36)}`));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: PERSONA_ERRORS.tooMany, code: 'quota_exceeded' });
    expect(refused.headers.get('retry-after')).toBeNull();
  });
});
