/**
 * Saturation: the same paired senders drive the app and the bare relay each to its own saturation (closed
 * loop), interleaved round by round, over the socket path and the HTTP path. Past capacity: an open loop
 * offered above the app's HTTP peak, to see whether throughput holds while the excess is refused.
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
import type { DeliveryResult, SendPath } from './protocol.js';

const ROUNDS = 3;
const ROUND_SECONDS = 5;
const OPEN_LOOP_SECONDS = 5;
const PAST_CAPACITY = [1, 1.5, 2];
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
      `${ROUND_SECONDS} s a round, app and bare relay interleaved\nload average ${loadAverage()}`,
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
        ROUNDS,
        (i) => round(app, generators, path, i),
        (i) => round(bare, generators, path, i),
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

/** One open-loop phase through POST /api/messages at `offered` msg/s, printed as a table row; delivered msg/s. */
async function openLoopRow(
  app: Target,
  generators: Generator[],
  label: string,
  offered: number,
): Promise<number> {
  // Each rate starts from a quiet server that takes every call, not from the previous phase's backlog.
  await prepare(generators, app.set, app.server.pid);
  await untilAdmitting(app.server.baseUrl);
  const { result: client, cpuPercent } = await cpuPercentDuring(app.server.pid, () =>
    cpuDuring(
      generators.map((g) => g.pid),
      () =>
        onAll<DeliveryResult>(generators, () => ({
          kind: 'open',
          set: app.set,
          path: 'http',
          perSecond: offered / generators.length,
          seconds: OPEN_LOOP_SECONDS,
        })),
    ),
  );
  const r = mergeDeliveries(client.result);
  const others = Object.values(r.errors).reduce((a, b) => a + b, 0) - r.refused;
  console.log(
    `| ${label} | ${offered.toFixed(0)} | ${perSecond(r).toFixed(0)} | ${r.sent} | ${r.refused} (${r.withRetryAfter}) | ` +
      `${formatLost(r)} | ${others ? formatErrors(r.errors) : 0} | ${ms(percentile(r.latencies, 50))} | ` +
      `${ms(percentile(r.latencies, 99))} | ${cpuPercent.toFixed(0)} | ${client.cpu.toFixed(0)} |`,
  );
  return perSecond(r);
}

/**
 * Past capacity, in rounds: the app's HTTP peak (closed loop, as in saturation) and right after it an open loop
 * at twice that peak, so each round's ratio compares two phases a few seconds apart on the same machine (this
 * shared machine's speed drifts by half within minutes). The first round also offers 1× and 1.5× the peak, to
 * show the way there. True when the median round delivers ≥ 0.9 × its peak at 2×.
 */
export async function pastCapacity(app: Target, generators: Generator[]): Promise<boolean> {
  console.log(
    `\n### Past capacity: the HTTP peak (closed loop, ${ROUND_SECONDS} s), then an open loop through POST /api/messages ` +
      `at multiples of it (${OPEN_LOOP_SECONDS} s each), ${ROUNDS} rounds\nload average ${loadAverage()}`,
  );
  console.log(
    '| round: offered | offered msg/s | delivered msg/s | accepted | refused (with Retry-After) | lost (> 5 s) | other errors | p50 ms | p99 ms | server CPU % | client CPU % |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const ratios: number[] = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    await untilAdmitting(app.server.baseUrl);
    const { r, clientCpu } = await closedLoop(app, generators, 'http');
    const peak = perSecond(r);
    console.log(
      `| ${index + 1}: peak (closed loop) | – | ${peak.toFixed(0)} | ${r.sent} | – | ${formatLost(r)} | ` +
        `${formatErrors(r.errors)} | ${ms(percentile(r.latencies, 50))} | ${ms(percentile(r.latencies, 99))} | – | ${clientCpu.toFixed(0)} |`,
    );
    const multiples = index === 0 ? PAST_CAPACITY : PAST_CAPACITY.slice(-1);
    let delivered = 0;
    for (const multiple of multiples) {
      delivered = await openLoopRow(app, generators, `${index + 1}: ${multiple}×`, peak * multiple);
    }
    ratios.push(delivered / peak);
  }
  return budgetLine('delivered throughput at 2× the peak / that round’s peak', spread(ratios), {
    atLeast: BUDGET.throughputAt2x,
  });
}
