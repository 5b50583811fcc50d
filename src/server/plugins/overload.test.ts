import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import type { Conversation, Message } from '../../contracts/messages.js';
import { hogEventLoop, untilAdmitting } from '../test/event-loop-hog.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import type { Answer } from '../test/http-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { admissionControl, mayRefuse } from './overload.js';

describe('which calls may be refused', () => {
  it.each([
    ['POST', '/api/messages', true],
    ['GET', '/api/messages/conversations?x=1', true],
    ['GET', '/api/users/me', true],
    ['GET', '/api/health', false],
    ['GET', '/api/health?probe=1', false],
    ['GET', '/api/ready', false],
    ['POST', '/api/health', true],
    ['GET', '/metrics', false],
    ['POST', '/api/users/logout', false],
    ['GET', '/', false],
    ['GET', '/assets/app-1234.js', false],
    ['GET', '/uploads/abc.png', false],
    ['GET', '/chat/:ada', false],
  ])('%s %s: %s', (method, url, refused) => {
    expect(mayRefuse(method, url)).toBe(refused);
  });
});

describe('admission control', () => {
  it('admits less while the delay is over its limit, holds where it is at it, and admits more once under', () => {
    const admission = admissionControl(100);
    expect(admission.share()).toBe(1);
    expect(admission.refuse(() => 0.999)).toBe(false);
    admission.sample(110);
    expect(admission.share()).toBeCloseTo(100 / 110);
    admission.sample(400);
    admission.sample(400);
    // One sample moves the share by a quarter at most, however far over the limit.
    expect(admission.share()).toBeCloseTo((100 / 110) * 0.8 * 0.8);
    expect(admission.refuse(() => 0.5)).toBe(false);
    expect(admission.refuse(() => 0.6)).toBe(true);
    const held = admission.share();
    admission.sample(100);
    expect(admission.share()).toBe(held);
    admission.sample(50);
    expect(admission.share()).toBeCloseTo(held * 1.25);
    for (let i = 0; i < 5; i++) admission.sample(0);
    expect(admission.share()).toBe(1);
  });

  it('always admits a little, so the process never idles while it sheds', () => {
    const admission = admissionControl(100);
    for (let i = 0; i < 30; i++) admission.sample(Infinity);
    expect(admission.share()).toBe(0.02);
  });

  it('admits everything when the delay check is off', () => {
    const admission = admissionControl(0);
    admission.sample(5000);
    expect(admission.share()).toBe(1);
  });
});

// Places for calls answered at once, and the size of a burst: most of each burst has to wait its turn.
const PLACES = 4;
const BURST = 12;
// How long a call may wait (long enough for a burst to pass on a loaded machine once the loop is free), and the
// slices the loop is kept busy in meanwhile (long enough that waiting out one passes the bound).
const MAX_WAIT_MS = 250;
const HOG_SLICE_MS = 500;

describe('a server under pressure', () => {
  let server: TestServer;
  let webRoot: string;
  let stopHog: () => void = () => {};
  // Made before any test hogs the loop.
  let ada: BuiltUser;
  let bob: BuiltUser;
  let cy: BuiltUser;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Simplified</title>');
    server = await startTestServer(
      {
        OVERLOAD_MAX_CONCURRENT: String(PLACES),
        OVERLOAD_MAX_QUEUE_WAIT: String(MAX_WAIT_MS),
        OVERLOAD_RETRY_AFTER: '3s',
        // Bursts of sends must meet overload protection, not the per-person send limit.
        MESSAGE_RATE_LIMIT: '6000',
      },
      { webRoot },
    );
    ada = await buildUser(server.client());
    bob = await buildUser(server.client());
    cy = await buildUser(server.client());
  });
  beforeEach(() => untilAdmitting(server.baseUrl), 30_000);
  afterEach(() => stopHog());
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** `call` BURST times at once, over and over, until one answer has `status`; returns every answer. */
  async function burstsUntil<T>(status: number, call: () => Promise<Answer<T>>): Promise<Answer<T>[]> {
    const answers: Answer<T>[] = [];
    const burst = async () => {
      const statuses = (await Promise.all(Array.from({ length: BURST }, call))).map((answer) => {
        answers.push(answer);
        return answer.status;
      });
      return statuses.includes(status);
    };
    await expect.poll(burst, { timeout: 20_000, interval: 100 }).toBe(true);
    return answers;
  }

  it('lets calls wait their turn, refuses with 503 and Retry-After those that would wait too long, and stores none of them', async () => {
    const send = () =>
      ada.client.post<Message>('/api/messages', { message: 'hi', recipientId: bob.user._id });

    // With the loop busy in slices twice their bound, calls past the four places wait longer than it.
    stopHog = hogEventLoop(HOG_SLICE_MS);
    const underPressure = await burstsUntil(503, send);
    const refused = underPressure.find((answer) => answer.status === 503);
    expect(refused?.headers.get('retry-after')).toBe('3');
    expect(refused?.body).toEqual({ error: ERRORS.serverBusy, code: 'server_busy' });
    // Written outside Fastify's reply pipeline (to stay cheap), still with the headers every answer has.
    expect(refused?.headers.get('cache-control')).toBe('no-store');
    expect(refused?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    stopHog();
    // With the loop free a burst is taken whole again: the calls past the places wait only briefly.
    const afterwards: Answer<Message>[] = [];
    const wholeBurst = async () => {
      const answers = await Promise.all(Array.from({ length: BURST }, send));
      afterwards.push(...answers);
      return answers.every((answer) => answer.status === 201);
    };
    await expect.poll(wholeBurst, { timeout: 20_000, interval: 100 }).toBe(true);
    // Refused messages were never stored: bob has exactly the accepted ones unread.
    const accepted = [...underPressure, ...afterwards].filter((a) => a.status === 201).length;
    const conversations = await bob.client.get<Conversation[]>('/api/messages/conversations');
    expect(conversations.body.find((c) => c.participants[0]?._id === ada.user._id)?.unreadCount).toBe(
      accepted,
    );
  }, 60_000);

  it('still answers the health check, signing out and the page', async () => {
    stopHog = hogEventLoop(HOG_SLICE_MS);
    // Sends wait for their group commit, which comes after a slice: so some wait past their bound.
    await burstsUntil(503, () =>
      cy.client.post('/api/messages', { message: 'hi', recipientId: bob.user._id }),
    );
    for (let i = 0; i < 2; i++) {
      expect((await cy.client.get('/api/health')).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    }
    expect((await cy.client.post('/api/users/logout')).status).toBeLessThan(300);
  }, 60_000);
});
