import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptFlags, startServerProcess, type ServerProcess } from './test/server-process.js';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-flags-'));
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ DATA_DIR: dataDir, AI_PROVIDER: 'off' });
}, 60_000);
afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the node flags npm start gives the server', () => {
  it('include a young generation large enough for calls waiting their turn (decision 022)', () => {
    expect(startScriptFlags(root)).toContain('--max-semi-space-size=64');
  });

  it('are the ones tests and benchmarks start it with', () => {
    const args = execFileSync('ps', ['-o', 'args=', '-p', String(server.pid)], { encoding: 'utf8' }).split(
      /\s+/,
    );
    for (const flag of startScriptFlags(root)) expect(args).toContain(flag);
  });
});
