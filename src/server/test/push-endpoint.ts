import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** http_ece (web-push's own dependency, RFC 8188) decrypts what web-push encrypted; it ships no types. */
interface Ece {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as Ece;

/** How the fake push service answers a device's pushes. */
export type PushBehaviour = 'accept' | 'gone' | 'not-found' | 'fail-once' | 'hang';

/** One push the fake service received, decrypted with the device's keys. */
export interface ReceivedPush {
  payload: unknown;
  /** The VAPID JWT's signature verified with the key the request carried, for this endpoint's origin, unexpired. */
  vapidValid: boolean;
  /** The key in `Authorization: vapid t=…, k=…`: the server's public key. */
  vapidKey: string;
  headers: http.IncomingHttpHeaders;
}

/** A browser's subscription to the fake service, with the private key only the browser has. */
export interface TestDevice {
  /** What `PushSubscription.toJSON()` gives the page (endpoint and keys), to send to the server. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Requests that reached the device's endpoint, answered or not. */
  requests: number;
  behaviour: PushBehaviour;
  /** Resolves with the next push decrypted for this device, or fails after `ms`. */
  next(ms?: number): Promise<ReceivedPush>;
}

export interface PushEndpoint {
  url: string;
  device(behaviour?: PushBehaviour): TestDevice;
  close(): Promise<void>;
}

/** Checks a VAPID JWT (RFC 8292): ES256 over header.claims with the raw P-256 key `k`, audience and expiry. */
function vapidValid(authorization: string | undefined, audience: string): { valid: boolean; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { valid: false, key: '' };
  const [, token = '', key = ''] = match;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
  };
  const fresh = typeof body.exp === 'number' && body.exp * 1000 > Date.now();
  return { valid: signed && body.aud === audience && fresh, key };
}

/**
 * A fake push service on loopback: real HTTP, each device with its own P-256 key pair and auth secret made here
 * (as a browser makes them), each push decrypted (aes128gcm) and its VAPID signature checked. Nothing leaves the
 * machine. Servers reach it with PUSH_ALLOW_LOCAL_ENDPOINTS=true.
 */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const devices = new Map<
    string,
    TestDevice & { ecdh: ECDH; auth: Buffer; waiters: Array<(p: ReceivedPush) => void> }
  >();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url?.split('/').at(-1) ?? '');
      if (!device) return void response.writeHead(404).end();
      device.requests += 1;
      const { behaviour } = device;
      if (behaviour === 'hang') return void hanging.add(response);
      if (behaviour === 'gone' || behaviour === 'not-found')
        return void response.writeHead(behaviour === 'gone' ? 410 : 404).end();
      if (behaviour === 'fail-once' && device.requests === 1)
        return void response.writeHead(500, { 'retry-after': '0' }).end();
      const check = vapidValid(request.headers.authorization, url);
      const clear = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.auth,
      });
      const push: ReceivedPush = {
        payload: JSON.parse(clear.toString('utf8')),
        vapidValid: check.valid,
        vapidKey: check.key,
        headers: request.headers,
      };
      device.received.push(push);
      for (const resolve of device.waiters.splice(0)) resolve(push);
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    device(behaviour = 'accept') {
      const id = randomBytes(12).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const waiters: Array<(p: ReceivedPush) => void> = [];
      const device = {
        subscription: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        received: [],
        requests: 0,
        behaviour,
        ecdh,
        auth,
        waiters,
        next(ms = 5000) {
          return new Promise<ReceivedPush>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no push within ${ms} ms`)), ms);
            waiters.push((push) => {
              clearTimeout(timer);
              resolve(push);
            });
          });
        },
      };
      devices.set(id, device);
      return device;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
