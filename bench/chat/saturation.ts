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
  type Generator,
} from './harness.js';
import type { DeliveryResult, SendPath } from './protocol.js';

const ROUNDS = 3;
const ROUND_SECONDS = 5;
const OPEN_LOOP_SECONDS = 5;
const PAST_CAPACITY = [1, 1.5, 2];
const BUDGET = { ratio: 0.5, throughputAt2x: 0.9 };

export interface Target {
  name: 'app' | 'bare';
  server: ServerProcess;
  /** The generators' user set connected to this server. */
  set: string;
}

interface Round {
  perSecond: number;
  cpuMsPerMessage: number;
}

const ms = (v: number) => v.toFixed(1);

async function round(target: Target, generators: Generator[], path: SendPath, index: number): Promise<Round> {
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
  const cpuMsPerMessage = (serverSeconds * 1000) / Math.max(1, r.delivered);
  console.log(
    `| ${path} | ${index + 1} | ${target.name} | ${perSecond(r).toFixed(0)} | ${ms(percentile(r.latencies, 50))} | ` +
      `${ms(percentile(r.latencies, 99))} | ${formatLost(r)} | ${formatErrors(r.errors)} | ${cpuMsPerMessage.toFixed(3)} | ${clientCpu.toFixed(0)} |`,
  );
  return { perSecond: perSecond(r), cpuMsPerMessage };
}

/**
 * Interleaved rounds (app, bare, app, bare…) for both paths; true when app/bare ≥ 0.5 on each. Returns the
 * app's median HTTP saturation too, the peak the past-capacity test offers multiples of.
 */
export async function saturation(
  app: Target,
  bare: Target,
  generators: Generator[],
  senders: number,
): Promise<{ ok: boolean; httpPeak: number }> {
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
  const httpPeak = spread(byPath.get('http')?.a.map((r) => r.perSecond) ?? []).median;
  return { ok, httpPeak };
}

/** Open loop at 1×, 1.5× and 2× the app's HTTP peak; true when throughput at 2× stays ≥ 0.9 × the peak. */
export async function pastCapacity(app: Target, generators: Generator[], peak: number): Promise<boolean> {
  console.log(
    `\n### Past capacity: open loop through POST /api/messages at multiples of the HTTP peak ` +
      `(${peak.toFixed(0)} msg/s), ${OPEN_LOOP_SECONDS} s each\nload average ${loadAverage()}`,
  );
  console.log(
    '| offered | offered msg/s | delivered msg/s | accepted | refused (with Retry-After) | lost (> 5 s) | other errors | p50 ms | p99 ms | server CPU % | client CPU % |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const delivered: number[] = [];
  for (const multiple of PAST_CAPACITY) {
    const offered = peak * multiple;
    // Each rate starts from a quiet server, not from the previous rate's backlog.
    await prepare(generators, app.set, app.server.pid);
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
    delivered.push(perSecond(r));
    console.log(
      `| ${multiple}× | ${offered.toFixed(0)} | ${perSecond(r).toFixed(0)} | ${r.sent} | ${r.refused} (${r.withRetryAfter}) | ` +
        `${formatLost(r)} | ${others ? formatErrors(r.errors) : 0} | ${ms(percentile(r.latencies, 50))} | ` +
        `${ms(percentile(r.latencies, 99))} | ${cpuPercent.toFixed(0)} | ${client.cpu.toFixed(0)} |`,
    );
  }
  const at2x = delivered.at(-1) ?? 0;
  return budgetLine('delivered throughput at 2× the peak / peak', spread([at2x / peak]), {
    atLeast: BUDGET.throughputAt2x,
  });
}
