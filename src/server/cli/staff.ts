import { parseArgs } from 'node:util';
import { staffEmailSchema, staffRoles, type StaffRole } from '#shared/staff/staff.contract.ts';
import { ConfigError, loadConfig, loadEnvFile } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import {
  createStaffAccount,
  isStaffRole,
  listStaffAccounts,
  resetStaffPassword,
  setStaffDisabled,
} from '#server/features/staff-auth/staff-accounts.service.ts';
import { databaseTarget } from '#server/lib/database-target.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { CliError, readPassword } from './read-password';

const usage = `Staff accounts of TintBook.

  npm run staff -- add --email <e-mail> --role admin|staff [--name "<display name>"]
  npm run staff -- reset-password --email <e-mail>
  npm run staff -- disable --email <e-mail>      (also signs them out everywhere)
  npm run staff -- enable --email <e-mail>
  npm run staff -- list

The password is asked for on the terminal (not shown), or read from the first line of standard
input when it is not a terminal. Uses DATABASE_URL or the PGlite database in DATA_DIR: stop the
server first when it runs on PGlite (one process per data directory).`;

function parseCommand(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return { command: values.help ? 'help' : positionals[0], ...values };
}

function requireEmail(email: string | undefined): string {
  const parsed = staffEmailSchema.safeParse(email ?? '');
  if (!parsed.success) throw new CliError('Give the account with --email <e-mail>.');
  return parsed.data;
}

function requireRole(role: string | undefined): StaffRole {
  if (role && isStaffRole(role)) return role;
  throw new CliError(`Give the role with --role ${staffRoles.join('|')}.`);
}

async function run(database: Database, args: ReturnType<typeof parseCommand>) {
  const { db } = database;
  switch (args.command) {
    case 'add': {
      const email = requireEmail(args.email);
      const role = requireRole(args.role);
      const password = await readPassword(`Password for ${email}: `, { confirm: true });
      await createStaffAccount(db, { email, role, password, displayName: args.name });
      return `Created ${role} ${email}.`;
    }
    case 'reset-password': {
      const email = requireEmail(args.email);
      const password = await readPassword(`New password for ${email}: `, { confirm: true });
      await resetStaffPassword(db, email, password);
      return `Changed the password of ${email} and ended their sessions.`;
    }
    case 'disable':
    case 'enable': {
      const email = requireEmail(args.email);
      await setStaffDisabled(db, email, args.command === 'disable');
      return args.command === 'disable'
        ? `Disabled ${email} and ended their sessions.`
        : `Enabled ${email}.`;
    }
    case 'list': {
      const accounts = await listStaffAccounts(db);
      if (accounts.length === 0) return 'No staff accounts yet.';
      return accounts
        .map((a) =>
          [
            a.email.padEnd(32),
            a.role.padEnd(6),
            a.disabled ? 'disabled' : 'active  ',
            a.lastLoginAt ? `last sign-in ${a.lastLoginAt.toISOString()}` : 'never signed in',
          ].join('  '),
        )
        .join('\n');
    }
    default:
      throw new CliError(usage);
  }
}

async function main() {
  const args = parseCommand(process.argv.slice(2));
  if (args.command === 'help') return console.log(usage);
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    console.log(await run(database, args));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const badArguments = (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
  const expected =
    badArguments ||
    err instanceof CliError ||
    err instanceof ConfigError ||
    err instanceof HttpError;
  console.error(expected ? (err as Error).message : err);
  process.exit(1);
});
