import { openDatabase, type DatabaseTarget } from '#server/db/client.ts';

// A process that only opens a database, as the app does at start (migrations forward, the job
// queue), then closes it: migration-interrupted.test.ts kills it in the middle of a migration.
// The target is the first argument, as JSON.
const target = JSON.parse(process.argv[2] ?? '{}') as DatabaseTarget;
const database = await openDatabase(target);
console.log('opened');
await database.close();
