import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

// A database of its own on the test PostgreSQL server, for a test that needs a server-side
// database its app does not make (a release's dump restored, a migration killed half way).

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') ?? '' });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** An empty database named `<prefix>_<random>`: its URL, and how to drop it afterwards. */
export async function throwawayDatabase(prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(inject('postgresUrl') ?? '');
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
