import fs from 'node:fs';

/** Removes the run's temporary data folder (database and uploads) once the suite is done. */
export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('simplified-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
