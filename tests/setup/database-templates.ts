import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

// Global setup of each API project: the migrations run once per test run, not once per test app.
// PGlite: one migrated data directory, dumped to a file each test app starts from.
// PostgreSQL: one migrated template database each throwaway test database is copied from.
export default async function setup(project: TestProject) {
  const provided = project.config.provide as { dbDriver?: string; postgresUrl?: string };
  return provided.dbDriver === 'postgres'
    ? postgresTemplate(project, provided.postgresUrl ?? '')
    : pgliteImage(project);
}

async function pgliteImage(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'tintbook-pglite-image-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: 'memory' });
  const image = await database.dump?.();
  await database.close();
  if (!image) throw new Error('PGlite gave no dump of its data directory');
  const path = join(dir, 'migrated.tar');
  await writeFile(path, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImagePath', path);
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, adminUrl: string) {
  const name = `tintbook_template_${randomUUID().replaceAll('-', '')}`;
  const admin = (sql: string) => withClient(adminUrl, (client) => client.query(sql));
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // migrated, then closed: PostgreSQL copies a template only while nobody is connected to it
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
