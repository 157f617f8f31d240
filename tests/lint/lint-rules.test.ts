import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that hold the architecture, run over fixture files placed (virtually) where
// the rules apply. Type-aware rules are off here: a virtual file has no TypeScript program.
const eslint = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function rulesBroken(fixture: string, pretendPath: string): Promise<string[]> {
  const code = readFileSync(join(import.meta.dirname, 'fixtures', `${fixture}.ts.txt`), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: pretendPath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint rules', { timeout: 60_000 }, () => {
  it('refuse an import of a sibling feature, on the server and on the web', async () => {
    expect(
      await rulesBroken('sibling-feature-import', 'src/server/features/estimates/quote.ts'),
    ).toContain('import-x/no-restricted-paths');
    const web = await rulesBroken(
      'web-sibling-feature-import',
      'src/web/features/details/draft.ts',
    );
    expect(web).toContain('import-x/no-restricted-paths');
  });

  it('refuse the system clock in server features and shared logic', async () => {
    const broken = await rulesBroken('system-clock', 'src/server/features/holds/expiry.ts');
    expect(broken.filter((rule) => rule === 'no-restricted-syntax')).toHaveLength(2);
    expect(await rulesBroken('system-clock', 'src/shared/booking/expiry.ts')).toContain(
      'no-restricted-syntax',
    );
  });

  it('refuse a ../ import: across folders, imports name the area (#server/…)', async () => {
    expect(
      await rulesBroken('parent-relative-import', 'src/server/features/holds/refuse.ts'),
    ).toEqual(['no-restricted-imports']);
  });

  it('refuse a query outside a repository or src/server/db; row types may be imported (issue 27)', async () => {
    const refused = [
      '@typescript-eslint/no-restricted-imports',
      '@typescript-eslint/no-restricted-imports',
    ];
    expect(
      await rulesBroken('query-in-service', 'src/server/features/holds/holds.service.ts'),
    ).toEqual(refused);
    expect(await rulesBroken('query-in-service', 'src/server/messages/hold-messages.ts')).toEqual(
      refused,
    );
    for (const owner of [
      'src/server/features/holds/holds.repository.ts',
      'src/server/db/hold-store.ts',
    ]) {
      expect(await rulesBroken('query-in-service', owner)).toEqual([]);
    }
    expect(
      await rulesBroken('row-type-in-service', 'src/server/features/holds/holds.service.ts'),
    ).toEqual([]);
  });

  it('refuse a file name that is not kebab-case', async () => {
    expect(await rulesBroken('clean-feature', 'src/server/features/holds/HoldExpiry.ts')).toEqual([
      'check-file/filename-naming-convention',
    ]);
  });

  it('accept the same logic written as the rules want', async () => {
    expect(await rulesBroken('clean-feature', 'src/server/features/holds/hold-expiry.ts')).toEqual(
      [],
    );
  });
});
