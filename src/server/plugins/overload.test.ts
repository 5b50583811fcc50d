import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { MESSAGE_LIMITS, type Message } from '../../contracts/messages.js';
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

describe('a server under pressure', () => {
  let server: TestServer;
  let webRoot: string;
  let stopHog: () => void = () => {};
  // Made before any test hogs the loop: after one, admission recovers gradually, and a sign-up may be shed.
  let ada: BuiltUser;
  let bob: BuiltUser;
  let cy: BuiltUser;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Simplified</title>');
    server = await startTestServer(
      { OVERLOAD_MAX_EVENT_LOOP_DELAY: '100', OVERLOAD_RETRY_AFTER: '3s' },
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

  /** Sends until the answer has `status` (admission is a share, so any one call may go either way). */
  async function until<T>(status: number, call: () => Promise<Answer<T>>): Promise<Answer<T>[]> {
    const answers: Answer<T>[] = [];
    await expect
      .poll(async () => (answers.push(await call()), answers.at(-1)?.status), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(status);
    return answers;
  }

  it('refuses messages with 503, Retry-After and { error, code }, and takes them all again once the loop is free', async () => {
    const send = () =>
      ada.client.post<Message>('/api/messages', { message: 'hi', recipientId: bob.user._id });

    stopHog = hogEventLoop();
    const underPressure = await until(503, send);
    const refused = underPressure.at(-1);
    expect(refused?.headers.get('retry-after')).toBe('3');
    expect(refused?.body).toEqual({ error: ERRORS.serverBusy, code: 'server_busy' });
    // Written outside Fastify's reply pipeline (to stay cheap), still with the headers every answer has.
    expect(refused?.headers.get('cache-control')).toBe('no-store');
    expect(refused?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    stopHog();
    // Free again once five sends in a row are taken: a share admitted by chance would not do that.
    const afterwards: Answer<Message>[] = [];
    const fiveTaken = async () => {
      for (let i = 0; i < 5; i++) {
        afterwards.push(await send());
        if (afterwards.at(-1)?.status !== 201) return false;
      }
      return true;
    };
    // From the 2 % floor, admission takes about 18 one-second steps to be whole again.
    await expect.poll(fiveTaken, { timeout: 25_000, interval: 100 }).toBe(true);
    // Refused messages were never stored: exactly the accepted ones are there.
    const accepted = [...underPressure, ...afterwards].filter((a) => a.status === 201).length;
    // Admission comes back a quarter a second, so even this read may still be shed for a moment.
    // The largest page: a slow machine may take more than the default page of 50 before the loop is free.
    const page = `/api/messages/${ada.user._id}?limit=${MESSAGE_LIMITS.pageSizeMax}`;
    const stored = (await until(200, () => bob.client.get<Message[]>(page))).at(-1);
    expect(stored?.body).toHaveLength(accepted);
  }, 60_000);

  it('still answers the health check, signing out and the page', async () => {
    stopHog = hogEventLoop();
    await until(503, () => cy.client.get('/api/users/me'));
    for (let i = 0; i < 2; i++) {
      expect((await cy.client.get('/api/health')).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    }
    expect((await cy.client.post('/api/users/logout')).status).toBeLessThan(300);
  }, 60_000);
});
