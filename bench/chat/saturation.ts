/**
 * Saturation: the same paired senders drive the app and the bare relay each to its own saturation (closed
 * loop), interleaved round by round, over the socket path and the HTTP path. Past capacity: people using the
 * web app asking for more than the app's HTTP peak, to see whether throughput holds while the excess is refused.
 */
import { cpuPercentDuring, cpuSecondsOf, loadAverage } from '../lib/process-stats.js';
import { budgetLine, formatSpread, interleaved, percentile, spread } from '../lib/stats.js';
import type { ServerProcess } from '../../src/server/test/server-process.js';
import {
  cpuDuring,
  formatErrors,
  formatLost,
  mergeDeliveries,
  onAll,
  perSecond,
  prepare,
  untilAdmitting,
  type Generator,
} from './harness.js';
import type { Command, DeliveryResult, SendPath } from './protocol.js';

/**
 * Saturation rounds a path: five, not three, since one quiet or busy moment on this shared host moves a single
 * round's ratio by ±0.1 (0.43–0.60 in one run), and three rounds left the median to one such pair.
 */
const SATURATION_ROUNDS = 5;
/** Past capacity's rounds, each a peak and four demands (about 50 s). */
const PAST_CAPACITY_ROUNDS = 3;
const ROUND_SECONDS = 5;
const OPEN_LOOP_SECONDS = 5;
const OPEN_LOOP_MULTIPLES = [1, 2];
/**
 * What past capacity's people ask for, as multiples of the round's closed-loop peak (the last one is the
 * demand the budget is about), each for long enough to wait out a few refusals.
 */
const PEOPLE_DEMANDS = [0.5, 0.75, 1, 2];
const PEOPLE_SECONDS = 10;
const BUDGET = { ratio: 0.5, throughputAt2x: 0.9 };

export interface Target {
  name: string;
  server: ServerProcess;
  /** The generators' user set connected to this server. */
  set: string;
}

interface Round {
  perSecond: number;
  cpuMsPerMessage: number;
}

const ms = (v: number) => v.toFixed(1);
/** Server CPU a delivered message, in ms, from its CPU % of one core over a phase. */
const cpuMsPerDelivered = (cpuPercent: number, r: DeliveryResult) =>
  ((cpuPercent * 10) / Math.max(1, perSecond(r))).toFixed(3);

/** One closed-loop phase: every sender sends its next message once the previous one arrived. */
export async function closedLoop(target: Target, generators: Generator[], path: SendPath) {
  await prepare(generators, target.set, target.server.pid);
  const cpu0 = await cpuSecondsOf(target.server.pid);
  const { result, cpu: clientCpu } = await cpuDuring(
    generators.map((g) => g.pid),
    () =>
      onAll<DeliveryResult>(generators, () => ({
        kind: 'saturate',
        set: target.set,
        path,
        seconds: ROUND_SECONDS,
      })),
  );
  const serverSeconds = (await cpuSecondsOf(target.server.pid)) - cpu0;
  const r = mergeDeliveries(result);
  return { r, clientCpu, cpuMsPerMessage: (serverSeconds * 1000) / Math.max(1, r.delivered) };
}

async function round(target: Target, generators: Generator[], path: SendPath, index: number): Promise<Round> {
  const { r, clientCpu, cpuMsPerMessage } = await closedLoop(target, generators, path);
  console.log(
    `| ${path} | ${index + 1} | ${target.name} | ${perSecond(r).toFixed(0)} | ${ms(percentile(r.latencies, 50))} | ` +
      `${ms(percentile(r.latencies, 99))} | ${formatLost(r)} | ${formatErrors(r.errors)} | ${cpuMsPerMessage.toFixed(3)} | ${clientCpu.toFixed(0)} |`,
  );
  return { perSecond: perSecond(r), cpuMsPerMessage };
}

/** Interleaved rounds (app, bare, app, bare…) for both paths; true when app/bare ≥ 0.5 on each. */
export async function saturation(
  app: Target,
  bare: Target,
  generators: Generator[],
  senders: number,
): Promise<boolean> {
  console.log(
    `\n### Saturation: ${senders} senders in a closed loop (next message once the previous one arrived), ` +
      `${ROUND_SECONDS} s a round, ${SATURATION_ROUNDS} rounds, app and bare relay interleaved\nload average ${loadAverage()}`,
  );
  console.log(
    '| path | round | server | delivered msg/s | p50 ms | p99 ms | lost | errors | server CPU ms/msg | client CPU % |\n' +
      '|---|---|---|---|---|---|---|---|---|---|',
  );
  const byPath = new Map<SendPath, { a: Round[]; b: Round[] }>();
  for (const path of ['socket', 'http'] as const) {
    byPath.set(
      path,
      await interleaved(
        (i) => round(app, generators, path, i),
        (i) => round(bare, generators, path, i),
        SATURATION_ROUNDS,
      ),
    );
  }
  let ok = true;
  for (const [path, { a, b }] of byPath) {
    const ratios = a.map((r, i) => r.perSecond / (b[i]?.perSecond ?? Infinity));
    ok =
      budgetLine(`${path} path: app/bare delivered msg/s`, spread(ratios), { atLeast: BUDGET.ratio }) && ok;
    const appCpu = spread(a.map((r) => r.cpuMsPerMessage));
    const bareCpu = spread(b.map((r) => r.cpuMsPerMessage));
    console.log(
      `     ${path} path: server CPU ms per delivered message: app ${formatSpread(appCpu, 3)}; ` +
        `bare ${formatSpread(bareCpu, 3)}; app/bare median ${(appCpu.median / bareCpu.median).toFixed(1)}×`,
    );
  }
  return ok;
}

/**
 * One phase past capacity from a quiet server that takes every call (not from the previous phase's backlog),
 * printed as a table row; delivered msg/s.
 */
async function pastCapacityRow(
  target: Target,
  generators: Generator[],
  label: string,
  offered: number,
  command: () => Command,
): Promise<number> {
  await prepare(generators, target.set, target.server.pid);
  await untilAdmitting(target.server.baseUrl);
  const {
    result: client,
    cpuPercent,
    systemPercent,
  } = await cpuPercentDuring(target.server.pid, () =>
    cpuDuring(
      generators.map((g) => g.pid),
      () => onAll<DeliveryResult>(generators, command),
    ),
  );
  const r = mergeDeliveries(client.result);
  const others = Object.values(r.errors).reduce((a, b) => a + b, 0) - r.refused;
  console.log(
    `| ${label} | ${offered.toFixed(0)} | ${perSecond(r).toFixed(0)} | ${r.sent} | ${r.refused} (${r.withRetryAfter}) | ` +
      `${formatLost(r)} | ${others ? formatErrors(r.errors) : 0} | ${ms(percentile(r.latencies, 50))} | ` +
      `${ms(percentile(r.latencies, 99))} | ${cpuPercent.toFixed(0)} (${systemPercent.toFixed(0)}) | ` +
      `${cpuMsPerDelivered(cpuPercent, r)} | ${client.cpu.toFixed(0)} |`,
  );
  return perSecond(r);
}

/**
 * Past capacity, in rounds. Each round measures the app's HTTP peak P (the senders' closed loop, as in
 * saturation), then people using the web app (`webAppPeople`: one send at a time, a busy refusal retried
 * after the longer of Retry-After and a doubling backoff, as the web app retries it) asking for 0.5, 0.75, 1
 * and 2 P. People write at their own pace, so their sends do not arrive in the closed loop's waves and group
 * commits carry fewer of them: the server delivers less to them than to the closed loop, somewhere between
 * 0.5 and 1 P, and where exactly is not measured. A round's ratio is what 2 P delivered ÷ the most a lower
 * demand delivered, phases seconds apart on the same machine (this shared machine's speed drifts by half
 * within minutes); the budget: the median round ≥ 0.9. The first round also runs an open loop at 1× and 2×
 * the peak, a client that sends on schedule and never waits out a refusal (not the web app), for comparison:
 * no admission rule can hold its throughput at the peak on two shared cores
 * (docs/archive/performance-diary-2026.md, "a refusal measured against Node's own floor").
 */
export async function pastCapacity(
  app: Target,
  people: Target & { count: number },
  generators: Generator[],
): Promise<boolean> {
  console.log(
    `\n### Past capacity: the HTTP peak (closed loop, ${ROUND_SECONDS} s), then ${people.count} people using the web app ` +
      `asking for ${PEOPLE_DEMANDS.join('×, ')}× that (${PEOPLE_SECONDS} s each), ${PAST_CAPACITY_ROUNDS} rounds; round 1 also an open ` +
      `loop that never waits (${OPEN_LOOP_SECONDS} s a rate)\nload average ${loadAverage()}`,
  );
  console.log(
    '| round: load | asked msg/s | delivered msg/s | accepted | refused (with Retry-After) | lost (> 5 s) | other errors | p50 ms | p99 ms | server CPU % (kernel) | server CPU ms a delivered msg | client CPU % |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const ratios: number[] = [];
  const neverWaiting: number[] = [];
  for (let index = 0; index < PAST_CAPACITY_ROUNDS; index += 1) {
    await untilAdmitting(app.server.baseUrl);
    const { r, clientCpu, cpuMsPerMessage } = await closedLoop(app, generators, 'http');
    const peak = perSecond(r);
    console.log(
      `| ${index + 1}: peak (closed loop) | – | ${peak.toFixed(0)} | ${r.sent} | – | ${formatLost(r)} | ` +
        `${formatErrors(r.errors)} | ${ms(percentile(r.latencies, 50))} | ${ms(percentile(r.latencies, 99))} | – | ` +
        `${cpuMsPerMessage.toFixed(3)} | ${clientCpu.toFixed(0)} |`,
    );
    // Without a peak there is no demand to scale: the round fails rather than flooding the server.
    if (peak <= 0) {
      ratios.push(0);
      continue;
    }
    if (index === 0) {
      for (const multiple of OPEN_LOOP_MULTIPLES) {
        const offered = peak * multiple;
        const delivered = await pastCapacityRow(
          app,
          generators,
          `1: open loop ${multiple}×`,
          offered,
          () => ({
            kind: 'open',
            set: app.set,
            path: 'http',
            perSecond: offered / generators.length,
            seconds: OPEN_LOOP_SECONDS,
          }),
        );
        neverWaiting.push(delivered / peak);
      }
    }
    const delivered: number[] = [];
    for (const demand of PEOPLE_DEMANDS) {
      const asked = peak * demand;
      delivered.push(
        await pastCapacityRow(people, generators, `${index + 1}: people ${demand}×`, asked, () => ({
          kind: 'people',
          set: people.set,
          thinkMs: (people.count / asked) * 1000,
          seconds: PEOPLE_SECONDS,
        })),
      );
    }
    const atTop = delivered.at(-1) ?? 0;
    const lower = delivered.slice(0, -1);
    ratios.push(atTop / Math.max(...lower));
  }
  console.log(
    `     a client that never waits (open loop, not the web app), delivered ÷ round 1's closed-loop peak: ` +
      OPEN_LOOP_MULTIPLES.map((m, i) => `${m}× ${neverWaiting[i]?.toFixed(2) ?? '–'}`).join(', ') +
      ' (no budget)',
  );
  return budgetLine(
    `people asking ${PEOPLE_DEMANDS.at(-1)}× the closed loop's peak: delivered / the most a lower demand delivered`,
    spread(ratios),
    { atLeast: BUDGET.throughputAt2x },
  );
}
