import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A feature never imports a sibling feature (bulletproof-react's zones): what two features need
// moves down to shared code (src/shared, src/server/lib or db, src/web/lib or components).
const featureZones = (root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`],
      message: 'a feature imports no sibling feature: move what both need to a shared place',
    }));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'data',
      'drizzle',
      'test-results',
      'playwright-report',
      'node_modules',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // across folders, #shared/… #server/… #web/… #tests/… (package.json "imports"), never ../../
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message:
                'import across folders as #shared/… #server/… #web/… #tests/… (package.json)',
            },
          ],
        },
      ],
      // The layout is the architecture: shared imports nothing of server or web; they never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'shared stays pure',
            },
            {
              target: './src/web',
              from: './src/server',
              message: 'web talks to the server over HTTP only',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'the server never imports web code',
            },
            ...featureZones('./src/server/features'),
            ...featureZones('./src/web/features'),
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in src/server/config.ts only.',
        },
      ],
    },
  },
  {
    // One owner per table (issue 27): only repositories and src/server/db talk to the database;
    // services, routes and messages call them. Types of rows may still be imported.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**', '**/*.repository.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // a regex: in a gitignore-style group, '#…' would be a comment
              regex: '^(drizzle-orm|#server/db/schema)(/.*)?$',
              allowTypeImports: true,
              message:
                'Query the database in a repository (*.repository.ts) or src/server/db, and call it from here.',
            },
          ],
        },
      ],
    },
  },
  {
    // typed rules: a promise nobody awaits loses its error (an unhandled rejection ends Node)
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // react-hook-form's handleSubmit returns a promise by design: JSX attributes may take one
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: [
      'src/server/config.ts',
      '*.config.ts',
      'bench/**',
      'scripts/**',
      'tests/e2e/**',
      'tests/e2e-demo/**',
      'tests/server/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // One clock: domain logic takes `now` (app.now() on the server) so tests can freeze time.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    // app.ts and worker-main.ts pick each process's clock; the CLI runs outside any request
    ignores: [
      '**/*.test.ts',
      'src/server/app.ts',
      'src/server/worker-main.ts',
      'src/server/cli/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use app.now() (or a `now` parameter) instead of the system clock.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Use app.now() (or a `now` parameter) instead of the system clock.',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
