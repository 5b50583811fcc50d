/**
 * CHAT_BENCH_PUSH=hang: every person of the bench has notifications on for a device whose push service never
 * answers (a local server that accepts connections and keeps them), and every bench tab says it is hidden, so
 * each message sets off a push that hangs until its timeout. The budgets must hold all the same (issue 44).
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { newId } from '../../src/server/lib/ids.js';

const BATCH = 500;

/** A push service that reads each request and never answers it; closing drops what it holds. */
export async function startHangingPushService(): Promise<{ url: string; close: () => Promise<void> }> {
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    request.resume();
    held.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One device a person, at the hanging service, with real keys (so each push is encrypted as for a browser). */
export async function subscribeEveryone(
  database: Config['database'],
  userIds: readonly string[],
  serviceUrl: string,
): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const now = new Date().toISOString();
  const rows = userIds.map((userId, i) => ({
    id: newId(),
    userId,
    endpoint: `${serviceUrl}/push/${i}`,
    p256dh,
    auth: randomBytes(16).toString('base64url'),
    createdAt: now,
  }));
  const db = openDatabase(database);
  try {
    for (let i = 0; i < rows.length; i += BATCH)
      await db.kysely
        .insertInto('pushSubscriptions')
        .values(rows.slice(i, i + BATCH))
        .execute();
  } finally {
    await db.kysely.destroy();
  }
}
