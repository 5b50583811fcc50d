/**
 * `npx tsx bench/profile-share.ts <file.cpuprofile> <units> <pattern>…`: how much of a saved profile's busy CPU
 * ran under functions matching each pattern (a regular expression over "name url:line"; a sample counts when any
 * frame on its stack matches), in µs per unit of work and as a share. bench/profile.ts prints the units and
 * keeps the file.
 *
 * On this shared machine two profiles of one build differ by up to 2× in total CPU a message, which hides a change
 * of a few per cent; a change's share of the busy CPU does not move with the host's speed, since the host slows
 * the function and the whole alike. Compare the shares in profiles of the two builds taken in alternating pairs
 * (docs/archive/performance-diary-2026.md, "four small costs").
 */
import fs from 'node:fs';
import { isBusy, selfTimes, type CpuProfile } from './lib/cpu-profile.js';

const [file, units, ...patterns] = process.argv.slice(2);
if (!file || !Number(units) || patterns.length === 0) {
  console.error('usage: npx tsx bench/profile-share.ts <file.cpuprofile> <units> <pattern>…');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
// Made once per node: every sample walks its whole stack once per pattern.
const labels = new Map(
  profile.nodes.map(({ id, callFrame: f }) => [
    id,
    `${f.functionName || '(anonymous)'} ${f.url}:${f.lineNumber + 1}`,
  ]),
);
const matchers = patterns.map((pattern) => new RegExp(pattern));
const under = patterns.map(() => 0);
let busy = 0;
for (const [id, us] of selfTimes(profile)) {
  const frame = byId.get(id)?.callFrame;
  if (!frame || !isBusy(frame)) continue;
  busy += us;
  matchers.forEach((matcher, k) => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      if (!matcher.test(labels.get(at) ?? '')) continue;
      under[k] = (under[k] ?? 0) + us;
      return;
    }
  });
}
patterns.forEach((pattern, k) => {
  const us = under[k] ?? 0;
  console.log(
    `${pattern}: ${(us / Number(units)).toFixed(2)} µs a unit, ${((us / busy) * 100).toFixed(1)} % of busy CPU`,
  );
});
