import { existsSync } from 'node:fs';

/**
 * `npm start` and `npm run worker` read `.env` in the working directory when there is one (as
 * `.env.example` suggests): its variables fill in what the real environment leaves unset and
 * never override it. Called first thing by the entry points, before any setting is read.
 */
export function loadEnvFile(path = '.env'): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
