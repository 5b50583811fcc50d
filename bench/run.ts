/** `npm run bench [accounts|archive|directory|search|chat|rooms|http-read|first-paint|ai|flood]`: runs the benchmarks and exits 1 when a budget is missed. */
import { runAccountsBench } from './accounts.bench.js';
import { runArchiveBench } from './archive.bench.js';
import { runAiBench } from './ai.bench.js';
import { runChatBench } from './chat.bench.js';
import { runDirectoryBench } from './directory.bench.js';
import { runFirstPaintBench } from './first-paint.bench.js';
import { runFloodBench } from './flood.bench.js';
import { runHttpReadBench } from './http-read.bench.js';
import { runRoomsBench } from './rooms.bench.js';
import { runSearchBench } from './search.bench.js';

const suites: Record<string, () => Promise<boolean>> = {
  accounts: runAccountsBench,
  archive: runArchiveBench,
  directory: runDirectoryBench,
  search: runSearchBench,
  chat: runChatBench,
  rooms: runRoomsBench,
  ai: runAiBench,
  flood: runFloodBench,
  'http-read': runHttpReadBench,
  'first-paint': runFirstPaintBench,
};
const chosen = process.argv.slice(2);
let allOk = true;
for (const [name, run] of Object.entries(suites)) {
  if (chosen.length && !chosen.includes(name)) continue;
  console.log(`\n## ${name}`);
  allOk = (await run()) && allOk;
}
process.exitCode = allOk ? 0 : 1;
