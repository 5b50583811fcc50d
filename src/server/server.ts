import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedStarterPersonas } from './modules/personas/seed-starter-personas.js';

/** The accept queue asked of the kernel (see listen below). */
const LISTEN_BACKLOG = 4096;

/** Process entry: config → database → migrations → app → listen, with a graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = openDatabase(
    config.database,
    (error) => console.warn(`database connection lost: ${error.message}`),
    (message) => console.warn(`database checkpoint failed: ${message}`),
  );
  await migrateToLatest(db);
  await seedStarterPersonas(db.kysely);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp(config, { db, webRoot: path.resolve(here, '..', 'web') });
  // A failure nobody awaited (a dependency that dropped mid-call) is logged, not fatal: one lost call
  // must not end every user's session. The paths known to fail this way handle it; this catches the rest.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining');
    if (!(await app.drain())) app.log.warn('shutdown grace ran out with requests still under way');
    await app.close();
    await db.kysely.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Connections that arrive while the event loop is busy wait in the kernel's accept queue; past it their SYNs
  // are dropped and the client tries again only after 1 s, then 3 s. Node's 511 overflowed thousands of times a
  // second in the chat benchmark's past-capacity phases (docs/archive/performance-diary-2026.md); Linux caps
  // this at somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(
    { engine: db.engine, dataDir: config.dataDir, url: `http://localhost:${config.port}` },
    'Simplified is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
