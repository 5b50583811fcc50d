// PostgreSQL helper for CI: ping | create NAME | drop NAME, against an admin connection URL.
import pg from 'pg';

const [command, adminUrl, name = ''] = process.argv.slice(2);
if (name && !/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);

const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
await client.connect();
try {
  if (command === 'ping') await client.query('select 1');
  else if (command === 'create') await client.query(`CREATE DATABASE ${name}`);
  else if (command === 'drop') await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else throw new Error(`unknown command: ${command}`);
} finally {
  await client.end();
}
