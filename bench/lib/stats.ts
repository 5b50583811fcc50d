/** Figures every benchmark reports the same way: percentiles, min/median/max of repeated rounds, budget lines. */

export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** Min, median and max of repeated measurements (rounds of an interleaved comparison). */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: percentile(sorted, 50), max: sorted.at(-1) ?? 0 };
}

export function formatSpread(s: Spread, digits = 2): string {
  return `min ${s.min.toFixed(digits)} / median ${s.median.toFixed(digits)} / max ${s.max.toFixed(digits)}`;
}

/**
 * Prints one budget as a PASS/FAIL line and returns whether it held. The median decides: the machine is
 * shared and noisy, so min and max are printed to show how far one round can stray.
 */
export function budgetLine(
  name: string,
  measured: Spread,
  budget: { atLeast: number } | { atMost: number },
  digits = 2,
): boolean {
  const ok = 'atLeast' in budget ? measured.median >= budget.atLeast : measured.median <= budget.atMost;
  const goal = 'atLeast' in budget ? `≥ ${budget.atLeast}` : `≤ ${budget.atMost}`;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${formatSpread(measured, digits)} (budget ${goal})`);
  return ok;
}

/** Rounds of an interleaved comparison, unless a bench says why it needs more: enough for a median and its spread. */
export const DEFAULT_ROUNDS = 3;

/** Runs `rounds` rounds of A then B (A, B, A, B…), so both see the same machine over time. */
export async function interleaved<A, B>(
  runA: (round: number) => Promise<A>,
  runB: (round: number) => Promise<B>,
  rounds = DEFAULT_ROUNDS,
): Promise<{ a: A[]; b: B[] }> {
  const a: A[] = [];
  const b: B[] = [];
  for (let round = 0; round < rounds; round += 1) {
    a.push(await runA(round));
    b.push(await runB(round));
  }
  return { a, b };
}
