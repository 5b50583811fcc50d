import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-orphan-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Whether a process with this pid still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a server process a test started', () => {
  // A test process that starts a server and ends without stopping it, as a worker whose test timed out does.
  it('ends when the process that started it ends, instead of running on as an orphan', async () => {
    const helper = path.join(import.meta.dirname, 'server-process.ts');
    const script = `
      const { startServerProcess } = await import(${JSON.stringify(helper)});
      const server = await startServerProcess({ DATA_DIR: ${JSON.stringify(dataDir)}, AI_PROVIDER: 'off' });
      console.log(server.pid);
      process.exit(0);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path.resolve(import.meta.dirname, '../../..') },
    );
    const pid = Number(stdout.trim().split('\n').at(-1));
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
  }, 60_000);
});
