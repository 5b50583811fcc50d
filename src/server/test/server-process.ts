import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far: what an operator sees in the console. */
  output: () => string;
  /** The exit code once the process has ended (null while it runs, or when a signal ended it). */
  exitCode: () => number | null;
  stop: () => Promise<void>;
}

/** A free loopback port, found by letting the OS pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * How long a server process may take to answer its first health check. Alone it starts in 2–4 s; beside CI's
 * other stages on two cores, tsx compiling the server for two processes at once has taken past 30 s.
 */
const START_DEADLINE_MS = 60_000;

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

const SERVER_ENTRY = 'src/server/server.ts';

/**
 * Every server process started here and not yet ended. A test that times out can leave one behind (its
 * `afterAll` never got the handle); when the test worker ends they end with it, instead of running on as
 * orphans that load the machine for every stage after them.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The node flags `npm start` runs the server with (its script in package.json), so that tests and benchmarks
 * measure the process people get.
 */
export function startScriptFlags(root: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts a TypeScript entry as its own OS process (by default the real server, src/server/server.ts)
 * on a free port given as PORT, and waits until it answers /api/health.
 */
export async function startServerProcess(
  env: Record<string, string>,
  entry = SERVER_ENTRY,
  /** Extra node flags, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs: string[] = [],
  /** A lower open-files limit (`ulimit -n`) for the process, as a small server might have. */
  openFiles?: number,
): Promise<ServerProcess> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../../..');
  const args = [
    ...(entry === SERVER_ENTRY ? startScriptFlags(root) : []),
    ...nodeArgs,
    '--import',
    'tsx',
    entry,
  ];
  // The shell lowers the limit and then becomes node (exec), so the pid is the server's own.
  const [command, commandArgs] =
    openFiles === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `ulimit -n ${openFiles} && exec "$0" "$@"`, process.execPath, ...args]];
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A process that never became healthy is nobody's to stop.
  await waitForHealth(baseUrl, child, () => output).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    baseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    exitCode: () => child.exitCode,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
