import { describe, expect, it } from 'vitest';
import { CreateAiRequest, UpdateAiFieldsRequest } from '../../../contracts/personas.js';
import { CATEGORY_TAGS, PERSONA_LIMITS, RESERVED_USERNAMES } from '../../../contracts/rules.js';
import { DEFAULT_VOICE } from '../../../contracts/voices.js';
import { STARTER_PERSONAS } from './starter-personas.js';

const cases = STARTER_PERSONAS.map((p) => [p.username, p] as const);

describe('STARTER_PERSONAS', () => {
  it.each(cases)('%s passes CreateAiRequest with nothing filtered away', (_username, persona) => {
    // "ai" is reserved so that nobody else can claim it; the seed creates it directly, so the create
    // schema is checked with a stand-in username, and the reservation is the only complaint about it.
    const input = persona.username === 'ai' ? { ...persona, username: 'aistandin' } : { ...persona };
    // The fields starter personas leave out come back as their defaults.
    expect(CreateAiRequest.parse(input)).toEqual({
      ...input,
      openingMessage: '',
      profilePic: '',
      voice: DEFAULT_VOICE,
      rating: 'general',
    });
    if (persona.username === 'ai') {
      const issues = CreateAiRequest.safeParse({ ...persona }).error?.issues ?? [];
      expect(issues.map((issue) => issue.message)).toEqual(['That username is reserved']);
    }
  });

  it.each(cases)('%s also fits the AI edit panel', (_username, persona) => {
    const { name, bio, prompt, memory, tag } = persona;
    expect(UpdateAiFieldsRequest.parse({ id: 'x', name, bio, prompt, memory, tag })).toEqual({
      id: 'x',
      ...{ name, bio, prompt, memory, tag },
    });
    expect(prompt.length).toBeLessThanOrEqual(PERSONA_LIMITS.editFieldMax);
    expect(bio.length).toBeLessThanOrEqual(PERSONA_LIMITS.editFieldMax);
  });

  it.each(cases)('%s has substantial, card-friendly texts', (_username, persona) => {
    expect(persona.bio.length).toBeGreaterThanOrEqual(80);
    expect(persona.bio.length).toBeLessThanOrEqual(250);
    expect(persona.prompt.length).toBeGreaterThanOrEqual(300);
    expect(persona.memory.length).toBeGreaterThan(100);
    expect(persona.memory.length).toBeLessThanOrEqual(1000);
    // Every persona introduces itself by name in its prompt.
    expect(persona.prompt.startsWith(`You are ${persona.name},`)).toBe(true);
  });

  it('has unique usernames that do not take a reserved name, except the default assistant', () => {
    const usernames = STARTER_PERSONAS.map((p) => p.username);
    expect(new Set(usernames).size).toBe(usernames.length);
    expect(usernames.filter((u) => RESERVED_USERNAMES.has(u))).toEqual(['ai']);
    for (const username of usernames) expect(username).toMatch(/^[a-z0-9]{2,30}$/);
    const names = STARTER_PERSONAS.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('has at least two personas for every category tag', () => {
    for (const tag of CATEGORY_TAGS) {
      const others = STARTER_PERSONAS.filter((p) => p.tag === tag && p.username !== 'ai');
      expect(others.length, tag).toBeGreaterThanOrEqual(2);
    }
    expect(STARTER_PERSONAS.length).toBeGreaterThanOrEqual(CATEGORY_TAGS.length * 2 + 1);
  });

  it('includes the default assistant, answering in 100 words or less', () => {
    const ai = STARTER_PERSONAS.find((p) => p.username === 'ai');
    expect(ai).toMatchObject({ name: 'AI', tag: 'AI' });
    expect(ai?.prompt).toContain('100 words or less');
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(STARTER_PERSONAS)).toBe(true);
    expect(STARTER_PERSONAS.every((p) => Object.isFrozen(p))).toBe(true);
  });
});
