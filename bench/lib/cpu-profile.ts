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
}

/** Frames that are not work: the thread waiting, or V8 outside any JavaScript it can name. */
export function isBusy(frame: ProfileNode['callFrame']): boolean {
  return frame.functionName !== '(idle)' && frame.functionName !== '(program)';
}

/**
 * Microseconds of self time by node id. The first sample is left out: its time delta runs from when profiling
 * was asked for to the first tick, 100–150 ms in every profile looked at (against about 1 ms for the others),
 * and it lands on whatever frame ran then, once 104 ms on a Kysely `executeQuery`.
 */
export function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (i > 0) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}
