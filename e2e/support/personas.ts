import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateAiRequest } from '../../src/contracts/personas.js';
import type { CategoryTag } from '../../src/contracts/rules.js';
import { ProfileResponse } from '../../src/contracts/users.js';
import { makePng, withTextChunk } from './png.js';

let counter = 0;

/** A persona username (letters and digits only) that no other test or earlier run has used. */
export function newPersonaUsername(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 30);
}

/**
 * Creates a persona through the API as whoever `request` is signed in as (use page.request after
 * signIn). Only the tag and the name parts a test cares about need to be given.
 */
export async function createPersona(
  request: APIRequestContext,
  input: { username: string; name: string; tag: CategoryTag; bio?: string },
): Promise<ProfileResponse> {
  const body: CreateAiRequest = {
    name: input.name,
    username: input.username,
    bio: input.bio ?? `${input.name} made by an end to end test.`,
    prompt: `You are ${input.name}. Answer briefly.`,
    memory: 'Made for testing.',
    tag: input.tag,
  };
  const response = await request.post('/api/ai/createAI', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ProfileResponse.parse(await response.json());
}

/** A Character Card V2 as a JSON file, the way other apps export one. */
export function characterCardJson(name: string): Buffer {
  const card = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name,
      description: `${name} is a retired lighthouse keeper who tells stories about the sea.`,
      personality: 'Patient, dry humour, loves weather reports.',
      scenario: 'A stormy night at the lighthouse.',
      first_mes: 'Come in out of the rain! Tea?',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: ['Ahoy there!'],
      tags: ['History'],
      creator: 'e2e',
      character_version: '1',
      extensions: {},
    },
  };
  return Buffer.from(JSON.stringify(card), 'utf8');
}

/**
 * A Character Card V2 as a PNG, the way card apps share one: a real picture with the card JSON in a base64
 * `chara` tEXt chunk. Its sheet, example dialogue and first message are distinct so a test can tell where
 * each one went.
 */
export function characterCardPng(name: string, size = 64): Buffer {
  const card = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name,
      description: `{{char}} runs the night ferry across the bay. She knows every lighthouse by its blink.`,
      personality: 'Calm, wry, punctual.',
      scenario: '{{user}} boards the last ferry of the night.',
      first_mes: 'Evening, {{user}}! Last ferry of the night. Where are you headed?',
      mes_example: '<START>\n{{user}}: Is it far?\n{{char}}: Twenty minutes, if the fog stays polite.',
      creator_notes: 'A calm ferry captain for late night chats.',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: ['Fun'],
      creator: 'e2e',
      character_version: '1',
      extensions: {},
    },
  };
  const payload = Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
  return withTextChunk(makePng(size, size), 'chara', payload);
}
