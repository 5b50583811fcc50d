// The stages of .ci/run: runs them side by side and records how long each took, or prints that record.
//
//   node .ci/stages.mjs run DIR STAGE COMMAND [STAGE COMMAND …]
//     Runs every COMMAND (through bash), each writing to DIR/NAME.log. A STAGE is a NAME, started at once, or
//     NAME@OTHER[,OTHER…], started when those stages have ended (whatever their result): on a small machine a
//     stage that needs the processors waits for another instead of slowing everything down. When a stage ends,
//     its whole log is printed in one block, so the outputs of stages running together never interleave. Every
//     stage runs to its end even when another fails; the exit code is non-zero when any failed.
//   node .ci/stages.mjs table DIR STARTED
//     Prints when each recorded stage started (after STARTED, in seconds since 1970), its wall-clock time and its
//     result, and the total since STARTED.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const TIMES = 'stages.tsv';
/** How often to name the stages still running, so a quiet stretch does not look like a hang. */
const HEARTBEAT_MS = 60_000;

function clock(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

function runStage(dir, name, command) {
  const log = path.join(dir, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  // Its own process group, so an interrupted run can stop the stage with everything it started.
  const child = spawn('bash', ['-c', command], { stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  return {
    name,
    child,
    done: new Promise((resolve) => {
      child.once('error', (error) => {
        fs.appendFileSync(log, `\n${error.message}\n`);
        resolve({ name, code: 127, started, seconds: (Date.now() - started) / 1000, log });
      });
      child.once('exit', (code, signal) =>
        resolve({
          name,
          code: code ?? (signal ? 128 : 1),
          started,
          seconds: (Date.now() - started) / 1000,
          log,
        }),
      );
    }),
  };
}

async function run(dir, pairs) {
  if (pairs.length === 0 || pairs.length % 2 !== 0) throw new Error('run takes STAGE COMMAND pairs');
  fs.mkdirSync(dir, { recursive: true });
  const waiting = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const [name, after = ''] = pairs[i].split('@');
    waiting.push({ name, after: after.split(',').filter(Boolean), command: pairs[i + 1] });
  }
  const names = new Set(waiting.map((stage) => stage.name));
  for (const { name, after } of waiting)
    for (const other of after) if (!names.has(other)) throw new Error(`${name} waits for no stage: ${other}`);

  const running = new Map();
  const ended = new Set();
  const startReady = () => {
    for (const stage of waiting.filter(({ after }) => after.every((other) => ended.has(other)))) {
      waiting.splice(waiting.indexOf(stage), 1);
      console.log(`\n==> started: ${stage.name}`);
      running.set(stage.name, runStage(dir, stage.name, stage.command));
    }
  };
  const stopAll = () => {
    for (const { child } of running.values())
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    process.exit(130);
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);

  const since = Date.now();
  const heartbeat = setInterval(
    () =>
      console.log(
        `... ${clock((Date.now() - since) / 1000)} in, still running: ${[...running.keys()].join(', ')}`,
      ),
    HEARTBEAT_MS,
  );
  let failed = 0;
  startReady();
  while (running.size > 0) {
    const result = await Promise.race([...running.values()].map((stage) => stage.done));
    running.delete(result.name);
    ended.add(result.name);
    const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    if (result.code !== 0) failed += 1;
    fs.appendFileSync(
      path.join(dir, TIMES),
      `${result.name}\t${result.started / 1000}\t${result.seconds.toFixed(1)}\t${verdict}\n`,
    );
    console.log(`\n==> ${result.name}: ${verdict} in ${clock(result.seconds)}; its output:`);
    process.stdout.write(fs.readFileSync(result.log));
    console.log(`<== ${result.name}: ${verdict}`);
    startReady();
  }
  clearInterval(heartbeat);
  if (waiting.length > 0) throw new Error(`never started: ${waiting.map((stage) => stage.name).join(', ')}`);
  process.exitCode = failed > 0 ? 1 : 0;
}

function table(dir, started) {
  const file = path.join(dir, TIMES);
  const rows = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t'))
        .sort((a, b) => Number(a[1]) - Number(b[1]))
    : [];
  const width = Math.max(5, ...rows.map(([name]) => name.length));
  const since = (at) => clock(Number(at) - Number(started));
  console.log(`\n${'stage'.padEnd(width)}  ${'started'.padStart(8)}  ${'wall clock'.padStart(10)}  result`);
  for (const [name, at, seconds, verdict] of rows)
    console.log(
      `${name.padEnd(width)}  ${since(at).padStart(8)}  ${clock(Number(seconds)).padStart(10)}  ${verdict}`,
    );
  console.log(`${'total'.padEnd(width)}  ${''.padStart(8)}  ${since(Date.now() / 1000).padStart(10)}`);
}

const [command, dir, ...rest] = process.argv.slice(2);
if (command === 'run') await run(dir, rest);
else if (command === 'table') table(dir, rest[0]);
else throw new Error(`unknown command: ${command}`);
