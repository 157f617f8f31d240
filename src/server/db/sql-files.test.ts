import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// ADR 049: every SQL function and trigger the migrations leave in the database has its current
// definition in src/server/db/sql/, so a reader sees it without replaying the migrations (some
// were redefined several times). Each file holds exactly what PostgreSQL prints back for it: the
// strictest comparison, and PGlite and PostgreSQL print the same text.

const sqlDir = fileURLToPath(new URL('sql/', import.meta.url));

const kinds = {
  functions: {
    printer: 'pg_get_functiondef',
    // the app's own: not btree_gist's (an extension's), not pg-boss's (schema pgboss); an
    // aggregate has no CREATE FUNCTION text
    query: `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prokind <> 'a'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`,
  },
  triggers: {
    printer: 'pg_get_triggerdef',
    // written in migrations, not the internal ones PostgreSQL makes for foreign keys
    query: `SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal
      ORDER BY 1`,
  },
} as const;

// files end with a newline (.editorconfig); pg_get_triggerdef's text has none
const asFile = (definition: string) => (definition.endsWith('\n') ? definition : `${definition}\n`);

describe('SQL functions and triggers in src/server/db/sql', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function defined(query: string) {
    const { rows } = await t.database.executeSql(query);
    return rows as { name: string; definition: string }[];
  }

  describe.each(Object.entries(kinds))('%s', (kind, { printer, query }) => {
    it('each one the migrations create has its file, holding its current definition', async () => {
      const rows = await defined(query);
      expect(rows.length).toBeGreaterThan(0);
      // one file per name: an overload or a trigger name used on two tables would need another layout
      expect(new Set(rows.map((row) => row.name)).size, `two ${kind} share a name`).toBe(
        rows.length,
      );
      for (const { name, definition } of rows) {
        const file = `src/server/db/sql/${kind}/${name}.sql`;
        const path = `${sqlDir}${kind}/${name}.sql`;
        if (!existsSync(path)) {
          const missing =
            `public.${name} has no file. Add ${file} holding exactly what ${printer} returns, ` +
            `and a row for it in docs/decisions/049-database-logic-in-sight.md:\n\n${definition}`;
          expect.soft(false, missing).toBe(true);
          continue;
        }
        expect
          .soft(
            readFileSync(path, 'utf8'),
            `${file} is not the database's current ${name}: a migration changed it. Put in the ` +
              `file exactly what ${printer} returns (the expected text below), and update ADR 049 ` +
              `if what it does changed`,
          )
          .toBe(asFile(definition));
      }
    });

    it('each file names one that is still in the database', async () => {
      const names = new Set((await defined(query)).map((row) => row.name));
      for (const file of readdirSync(`${sqlDir}${kind}`)) {
        expect
          .soft(
            names.has(file.replace(/\.sql$/, '')),
            `src/server/db/sql/${kind}/${file} names nothing in the migrated database: delete it ` +
              `(and its row in ADR 049) if a migration dropped it, or name it after the one it holds`,
          )
          .toBe(true);
      }
    });
  });
});
