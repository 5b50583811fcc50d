/**
 * The yardstick for the HTTP read benchmark: a bare Fastify hello-world (no session, no database, no hooks),
 * run as its own process like the real server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
