import { describe, expect, it } from 'vitest';
import type { CardDraft, DirectoryEntry } from '../../../contracts/personas.js';
import type { AuditEntry } from '../../../contracts/moderation.js';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { setModerator } from '../moderation/moderators.js';

const app = fakeAiApp();

const directoryIds = async (viewer: BuiltUser, query: string) =>
  (await viewer.client.get<DirectoryEntry[]>(`/api/users/directory?${query}`)).body.map((entry) => entry._id);
const showMature = (user: BuiltUser, on: boolean) =>
  user.client.put<SelfUser>(`/api/users/update/${user.user._id}`, { showMature: on });
const cardFile = (tags: string[]) =>
  `data:application/json;base64,${Buffer.from(
    JSON.stringify({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name: 'Rated Card', description: 'A character.', tags, extensions: {} },
    }),
  ).toString('base64')}`;

describe('persona ratings', () => {
  it('hide mature personas from the directory and the Charioteer until the person chooses to see them', async () => {
    const creator = await buildUser(app.server.client());
    const mature = await buildPersona(creator.client);
    const general = await buildPersona(creator.client);
    const rated = await creator.client.put<ProfileResponse>('/api/users/updateAiFields', {
      id: mature._id,
      name: mature.name,
      bio: mature.bio,
      prompt: 'You are a calm guide.',
      tag: mature.tag,
      rating: 'mature',
    });
    expect(rated.body.rating).toBe('mature');
    const viewer = await buildUser(app.server.client());
    expect(await directoryIds(viewer, `createdBy=${creator.user.username}`)).toEqual([general._id]);
    // The creator's own tab shows their personas whatever their rating.
    expect(await directoryIds(creator, `createdBy=${creator.user.username}`)).toHaveLength(2);
    const seats = { topic: 'Tea?', personaIds: [mature._id, general._id] };
    expect((await viewer.client.post('/api/charioteer/discussions', seats)).status).toBe(404);

    expect((await showMature(viewer, true)).body.showMature).toBe(true);
    expect((await viewer.client.get<SelfUser>('/api/users/me')).body.showMature).toBe(true);
    expect(await directoryIds(viewer, `createdBy=${creator.user.username}`)).toHaveLength(2);
    const started = await viewer.client.post<{ _id: string }>('/api/charioteer/discussions', seats);
    expect(started.status).toBe(201);
    await viewer.client.post(`/api/charioteer/discussions/${started.body._id}/stop`);
    expect((await showMature(viewer, false)).body.showMature).toBe(false);
    expect(
      (await viewer.client.put(`/api/users/update/${viewer.user._id}`, { showMature: 'yes' })).status,
    ).toBe(400);
  });

  it('are general by default, set at creation, changed by moderators with an audit entry', async () => {
    const creator = await buildUser(app.server.client());
    const persona = await buildPersona(creator.client);
    expect(persona.rating).toBe('general');
    const mod = await buildUser(app.server.client());
    await setModerator(app.server.testDb.db.kysely, mod.user.username, true);
    const refused = await creator.client.post(`/api/moderation/personas/${persona._id}/rating`, {
      rating: 'mature',
      reason: 'x',
    });
    expect(refused.status).toBe(403);
    const rate = await mod.client.post(`/api/moderation/personas/${persona._id}/rating`, {
      rating: 'mature',
      reason: 'Adult themes',
    });
    expect(rate.status).toBe(200);
    const viewer = await buildUser(app.server.client());
    expect(await directoryIds(viewer, `createdBy=${creator.user.username}`)).toEqual([]);
    const audit = (await mod.client.get<AuditEntry[]>('/api/moderation/audit')).body;
    expect(audit[0]).toMatchObject({ action: 'rate_persona', targetLabel: `@${persona.username} as mature` });
  });

  it('come from a card’s tags on import (absent when the card does not say), and go back out on export', async () => {
    const me = await buildUser(app.server.client());
    const parse = async (tags: string[]) =>
      (await me.client.post<CardDraft>('/api/ai/cards/parse', { file: cardFile(tags) })).body;
    expect((await parse(['Fantasy', 'NSFW'])).rating).toBe('mature');
    expect((await parse(['SFW'])).rating).toBe('general');
    expect((await parse(['Fantasy'])).rating).toBeUndefined();

    const persona = await buildPersona(me.client);
    await me.client.put('/api/users/updateAiFields', {
      id: persona._id,
      name: persona.name,
      bio: persona.bio,
      prompt: 'You are a calm guide.',
      tag: persona.tag,
      rating: 'mature',
    });
    const card = (await me.client.get<{ data: Record<string, unknown> }>(`/api/ai/cards/${persona.username}`))
      .body;
    expect(card.data['tags']).toEqual([persona.tag, 'NSFW']);
    expect(card.data['extensions']).toMatchObject({ simplified: { rating: 'mature' } });
    // Imported back, the card keeps its rating, also once the NSFW tag is taken off.
    const reimported = { ...card, data: { ...card.data, tags: [persona.tag] } };
    const file = `data:application/json;base64,${Buffer.from(JSON.stringify(reimported)).toString('base64')}`;
    expect((await me.client.post<CardDraft>('/api/ai/cards/parse', { file })).body.rating).toBe('mature');
  });
});
