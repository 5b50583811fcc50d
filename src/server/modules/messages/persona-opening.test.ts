import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import type { CardDraft } from '../../../contracts/personas.js';
import type { ProfileResponse } from '../../../contracts/users.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';
import { OPENING_USER_LINE } from '../ai/persona-prompt.js';

const app = fakeAiApp({ env: { AI_TIMEOUT: '3s' } });

/** A character card whose opening sets the whole scene, as community cards (SillyTavern's Seraphina) do. */
const GLADE_CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Warden Lira',
    description: '{{char}} guards an enchanted glade and heals travellers who stumble into it.',
    personality: 'gentle, watchful',
    scenario: '{{user}} wakes up wounded in the glade.',
    first_mes:
      '*You wake on soft moss under a canopy of silver leaves.* Easy now, {{user}}. The wolves are gone. You are safe in my glade.',
    mes_example: '',
    creator_notes: 'A healer in an enchanted forest.',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: ['Fantasy'],
    creator: 'someone',
    character_version: '1',
    extensions: {},
  },
};

const jsonDataUrl = (card: object) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(card)).toString('base64')}`;

describe('a card persona’s opening message', () => {
  it('reaches the model as the persona’s first turn, after a neutral user line', async () => {
    const me = await buildUser(app.server.client());
    const parsed = await me.client.post<CardDraft>('/api/ai/cards/parse', { file: jsonDataUrl(GLADE_CARD) });
    expect(parsed.status).toBe(200);
    const created = await me.client.post<ProfileResponse>('/api/ai/createAI', {
      ...parsed.body,
      username: `lira${Date.now().toString(36)}`,
    });
    expect(created.status).toBe(201);
    const persona = created.body;
    const opening = parsed.body.openingMessage;
    expect(opening).toContain('canopy of silver leaves');

    const socket = await app.tab(me);
    const answered = new Promise<Message>((resolve) =>
      socket.on('newMessage', (m) => m.sender === persona._id && m.text !== opening && resolve(m)),
    );
    const before = app.fake.requests.length;
    app.fake.enqueue({ text: 'Rest now. Drink this.' });
    const sent = await me.client.post<Message>('/api/messages', {
      message: 'Where am I',
      recipientId: persona._id,
    });
    expect(sent.status).toBe(201);
    await nextEvent(socket, 'aiReplyStart');
    await answered;

    const [first] = app.fake.requests.slice(before);
    expect(first?.body.messages.slice(1)).toEqual([
      { role: 'user', content: OPENING_USER_LINE },
      { role: 'assistant', content: opening },
      { role: 'user', content: 'Where am I' },
    ]);
  });
});
