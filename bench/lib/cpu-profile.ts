/** A V8 CPU profile as the inspector's `Profiler.stop` returns it (and `node --cpu-prof` writes it). */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** µs on the monotonic clock `process.hrtime` reads, in any process of the machine. */
  startTime: number;
}

/** Stretches of time (µs on `process.hrtime`'s clock, from and to) to which a summary keeps. */
export type Windows = ReadonlyArray<readonly [number, number]>;

/** Now on the clock a profile's `startTime` uses, µs. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Frames that are not work: the thread waiting, or V8 outside any JavaScript it can name. */
export function isBusy(frame: ProfileNode['callFrame']): boolean {
  return frame.functionName !== '(idle)' && frame.functionName !== '(program)';
}

/**
 * Microseconds of self time by node id. The first sample is left out: its time delta runs from when profiling
 * was asked for to the first tick, 100–150 ms in every profile looked at (against about 1 ms for the others),
 * and it lands on whatever frame ran then, once 104 ms on a Kysely `executeQuery`. With `within`, only the samples
 * taken inside those stretches count.
 */
export function selfTimes(profile: CpuProfile, within?: Windows): Map<number, number> {
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (i === 0 || (within && !within.some(([from, to]) => at >= from && at <= to))) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  return self;
}

/** Which package (or our own folder) a profiled function belongs to. */
function ownerOf(url: string): string {
  if (!url) return '(native / GC / idle)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1] ?? url;
  if (url.startsWith('node:')) return url;
  const ours = /\/src\/(server\/[^/]+(?:\/[^/]+)?)/.exec(url);
  return ours ? `src/${ours[1]}` : url;
}

/**
 * Prints where a profile's busy CPU went, by package and by function (self time), per unit of work; with
 * `within`, only in those stretches of time.
 */
export function summarise(profile: CpuProfile, work: number, unit: string, within?: Windows): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = selfTimes(profile, within);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = byNode.get(id)?.callFrame;
    if (!frame || !isBusy(frame)) continue;
    busy += us;
    const owner = ownerOf(frame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${owner}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const perUnit = (us: number) => (us / 1000 / work).toFixed(3);
  console.log(`busy CPU ${(busy / 1e6).toFixed(2)} s for ${work} ${unit}: ${perUnit(busy)} ms per ${unit}`);
  console.log(`\n| where | ms per ${unit} | share |\n|---|---|---|`);
  for (const [owner, us] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`| ${owner} | ${perUnit(us)} | ${((us / busy) * 100).toFixed(1)} % |`);
  console.log(`\n| function (self time) | ms per ${unit} |\n|---|---|`);
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`| ${fn} | ${perUnit(us)} |`);
}
