import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { moderatorUsernames, setModerator } from './modules/moderation/moderators.js';

const USAGE = 'usage: npm run moderator -- add <username> | remove <username> | list';

/** `npm run moderator`: the operator gives or takes the moderator role, on the database the app's settings name. */
async function main(args: string[]): Promise<number> {
  const [command, username] = args;
  if (!(command === 'list' || ((command === 'add' || command === 'remove') && username))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config.database, (error) =>
    console.warn(`database connection lost: ${error.message}`),
  );
  try {
    await migrateToLatest(db);
    if (command === 'list') {
      const names = await moderatorUsernames(db.kysely);
      console.log(names.length ? names.join('\n') : 'No moderators yet.');
      return 0;
    }
    const name = username ?? '';
    if (!(await setModerator(db.kysely, name, command === 'add'))) {
      console.error(`No person has the username ${name}.`);
      return 1;
    }
    console.log(command === 'add' ? `${name} is now a moderator.` : `${name} is no longer a moderator.`);
    return 0;
  } finally {
    await db.kysely.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
