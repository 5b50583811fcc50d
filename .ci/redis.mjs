// Redis helper for CI: exits 0 when the server at the given URL answers PING.
import { createClient } from 'redis';

const client = createClient({
  url: process.argv[2],
  socket: { connectTimeout: 3000, reconnectStrategy: false },
});
client.on('error', () => {});
await client.connect();
const answer = await client.ping();
await client.quit();
if (answer !== 'PONG') process.exit(1);
