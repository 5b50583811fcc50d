import pino from 'pino';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { APP_ICON, PUSH_LIMITS, PushPayload } from '../../../contracts/notifications.js';
import { payloadFor } from './notifier.service.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { postPush, vapidAuthorization, type PushAnswer } from './push-delivery.js';
import { pushQueue, type PushJob } from './push-queue.js';

const job = (id: string): PushJob => ({
  target: { id, userId: 'u', endpoint: 'https://push.example.com/x', p256dh: '', auth: '' },
  payload: { title: 't', body: id, icon: '/i.png', url: '/chat', tag: 'c' },
});

function recordingLog() {
  const lines: string[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

describe('the push queue', () => {
  it('sends a few at a time and drops the oldest waiting one when full, with a log line', async () => {
    const { log, lines } = recordingLog();
    const sent: string[] = [];
    const release: Array<() => void> = [];
    const queue = pushQueue({
      post: (j) =>
        new Promise<PushAnswer>((resolve) => {
          sent.push(j.target.id);
          release.push(() => resolve({ status: 201, retryAfterMs: undefined }));
        }),
      repo: { forget: async () => {}, delivered: async () => {} },
      log,
      options: { concurrency: 2, maxWaiting: 2 },
    });
    for (const id of ['a', 'b', 'c', 'd', 'e']) queue.send(job(id));
    expect(sent).toEqual(['a', 'b']);
    expect(lines.filter((l) => l.includes('push queue full'))).toHaveLength(1);
    while (release.length) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await queue.settled();
    expect(sent).toEqual(['a', 'b', 'd', 'e']);
    for (const line of lines) expect(line).not.toContain('push.example.com/x');
  });

  it('retries 429, 5xx and no answer with growing waits, then gives up; a 400 is not retried', async () => {
    const { log } = recordingLog();
    const tries: number[] = [];
    let answer: PushAnswer = { status: 503, retryAfterMs: undefined };
    const queue = pushQueue({
      post: async () => {
        tries.push(Date.now());
        return answer;
      },
      repo: { forget: async () => {}, delivered: async () => {} },
      log,
      options: { attempts: 3, baseDelayMs: 40, maxDelayMs: 1000 },
    });
    queue.send(job('a'));
    await queue.settled();
    expect(tries).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = tries;
    expect(third - second).toBeGreaterThanOrEqual(second - first - 15);
    tries.length = 0;
    answer = { status: 400, retryAfterMs: undefined };
    queue.send(job('b'));
    await queue.settled();
    expect(tries).toHaveLength(1);
    tries.length = 0;
    answer = { status: 0, retryAfterMs: undefined, failure: 'ETIMEDOUT' };
    queue.send(job('c'));
    await queue.settled();
    expect(tries).toHaveLength(3);
  });

  it('on close, ends the requests under way and takes nothing more', async () => {
    const { log } = recordingLog();
    const signals: AbortSignal[] = [];
    const queue = pushQueue({
      post: (_job, closing) => {
        signals.push(closing);
        return new Promise<PushAnswer>((resolve) =>
          closing.addEventListener('abort', () => resolve({ status: 0, retryAfterMs: undefined })),
        );
      },
      repo: { forget: async () => {}, delivered: async () => {} },
      log,
    });
    queue.send(job('a'));
    expect(signals.map((s) => s.aborted)).toEqual([false]);
    queue.close();
    await queue.settled();
    expect(signals.map((s) => s.aborted)).toEqual([true]);
    queue.send(job('b'));
    expect(signals).toHaveLength(1);
  });
});

describe('the VAPID header', () => {
  it('is signed once per push service and reused, each origin its own audience', () => {
    const keys = webpush.generateVAPIDKeys();
    const authorization = vapidAuthorization({ ...keys, subject: 'mailto:ops@example.com' });
    const first = authorization('https://fcm.googleapis.com');
    expect(first).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
    expect(authorization('https://fcm.googleapis.com')).toBe(first);
    const other = authorization('https://updates.push.services.mozilla.com');
    expect(other).not.toBe(first);
    const claims = (header: string) =>
      JSON.parse(Buffer.from(header.split('.')[1] ?? '', 'base64url').toString()) as {
        aud: string;
        exp: number;
      };
    expect(claims(other).aud).toBe('https://updates.push.services.mozilla.com');
    expect(claims(first).exp * 1000 - Date.now()).toBeGreaterThan(11 * 3600 * 1000);
  });
});

describe('the payload', () => {
  it('stays far below what a push may carry (4 KB) whatever the name and text, and is valid', () => {
    const sender = {
      name: '🦄'.repeat(500),
      username: 'u'.repeat(30),
      profilePic: `/uploads/${'a'.repeat(400)}`,
    };
    const payload = payloadFor(sender, {
      conversationId: '0'.repeat(36),
      room: false,
      text: '🦄'.repeat(5000),
    });
    expect(PushPayload.parse(payload)).toEqual(payload);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(2048);
    expect(payload.icon).toBe(APP_ICON);
    expect(Array.from(payload.body)).toHaveLength(PUSH_LIMITS.bodyChars + 1);
    expect(
      payloadFor({ ...sender, name: '' }, { conversationId: 'c', room: true, text: 'hi' }),
    ).toMatchObject({
      title: `@${sender.username}`,
      url: '/chat/room/c',
    });
  });
});

describe('one push request', () => {
  it('checks the endpoint again before sending: a local one stored while allowed is refused once not', async () => {
    const service = await startPushEndpoint();
    try {
      const device = service.device();
      const target = {
        id: 'd',
        userId: 'u',
        endpoint: device.subscription.endpoint,
        ...device.subscription.keys,
      };
      const authorization = vapidAuthorization({
        ...webpush.generateVAPIDKeys(),
        subject: 'mailto:a@example.com',
      });
      const refused = await postPush(target, job('x').payload, authorization, {
        timeoutMs: 1000,
        allowLocalEndpoints: false,
      });
      expect(refused).toEqual({ status: 0, retryAfterMs: undefined, failure: 'EPRIVATE' });
      expect(device.requests).toBe(0);
      const sent = await postPush(target, job('x').payload, authorization, {
        timeoutMs: 1000,
        allowLocalEndpoints: true,
      });
      expect(sent.status).toBe(201);
      expect(device.received[0]?.payload).toEqual(job('x').payload);
    } finally {
      await service.close();
    }
  });
});
