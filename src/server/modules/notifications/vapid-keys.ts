import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KeysFile = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The server's VAPID keys: from the environment when set, otherwise from `vapid-keys.json` in the data folder,
 * made on first start. The file is written whole to a temporary name (mode 0600) and then linked to its name,
 * which fails if it exists: of two processes starting together one wins, and the other reads the winner's keys,
 * never a half-written file. Processes on different machines do not share a data folder: they need the env.
 */
export async function vapidKeys(fromEnv: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const existing = await readKeys(file);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  const draft = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(draft, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(draft, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeys(file);
    if (!winner) throw new Error(`${file} holds no VAPID keys`, { cause: error });
    return winner;
  } finally {
    await fs.rm(draft, { force: true });
  }
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = KeysFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} holds no VAPID keys; remove it to make new ones`);
  return parsed.data;
}
