import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '#shared/staff/staff.contract.ts';
import type { Env } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createTestApp } from './test-app';
import { packageRoot } from '#server/lib/package-root.ts';
import { hashPassword } from '#server/features/staff-auth/password-hash.ts';
import {
  insertStaffUserIfNew,
  updateStaffUser,
} from '#server/features/staff-auth/staff-auth.repository.ts';

// Test helpers for anything staff: accounts made directly, sign-in through the API.

export const testPassword = 'Blue-Otter-Lantern-42';

/** app.inject talks to http://localhost:80; a browser on the app's own page sends this. */
export const sameOrigin = { origin: 'http://localhost' };

let testPasswordHash: Promise<string> | undefined;

/** An account with testPassword, inserted directly; the scrypt hash is made once per test file. */
export async function createStaff(
  db: Db,
  overrides: { role?: StaffRole; email?: string; disabled?: boolean; displayName?: string } = {},
) {
  testPasswordHash ??= hashPassword(testPassword);
  const email = overrides.email ?? `staff.${randomUUID().slice(0, 8)}@example.com`;
  const row = await insertStaffUserIfNew(db, {
    email,
    displayName: overrides.displayName ?? null,
    role: overrides.role ?? 'staff',
    passwordHash: await testPasswordHash,
  });
  if (!row) throw new Error(`staff ${email} exists already`);
  if (overrides.disabled) await updateStaffUser(db, row.id, { disabled: true });
  return row;
}

let addressCounter = 0;

/** A fresh client address, so each test has its own per-address sign-in budget. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.${1 + (process.pid % 250)}`;
}

export function postSignIn(
  app: FastifyInstance,
  payload: object,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/staff/session',
    payload,
    remoteAddress: options.remoteAddress ?? nextClientAddress(),
    headers: { ...sameOrigin, ...options.headers },
  });
}

/** The Set-Cookie header of a response, as one string. */
export function setCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  return [header ?? []].flat().join('\n');
}

/** `name=value` of the session cookie a response set, ready for a Cookie request header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const match = /^((?:__Host-)?tintbook_staff=[^;]+)/m.exec(setCookieOf(res));
  if (!match?.[1]) throw new Error(`no session cookie set: ${setCookieOf(res)}`);
  return match[1];
}

/** Signs in with testPassword and returns the session cookie. */
export async function signInAs(app: FastifyInstance, email: string): Promise<string> {
  const res = await postSignIn(app, { email, password: testPassword });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieOf(res);
}

export function whoAmI(app: FastifyInstance, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/staff/session',
    headers: cookie ? { cookie } : {},
  });
}

/**
 * Runs a TypeScript entry point with tsx, as `npm run …` does, with these settings and this
 * standard input. DATABASE_URL and ADMIN_* are blanked unless given, whatever the shell has.
 */
export function runTsx(
  entry: string,
  args: string[],
  env: Record<string, string>,
  options: { stdin?: string; stopWhen?: RegExp } = {},
) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(join(packageRoot, 'node_modules', '.bin', 'tsx'), [entry, ...args], {
      cwd: packageRoot,
      // eslint-disable-next-line no-restricted-properties -- the child needs PATH; our settings win
      env: { ...process.env, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', ...env },
    });
    let out = '';
    const collect = (chunk: unknown) => {
      out += String(chunk);
      // a server runs until told to stop: SIGTERM once it has said enough
      if (options.stopWhen?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(options.stdin ?? '');
  });
}

export type Role = 'staff' | 'admin';

/**
 * A signed-in admin and staff member on an app made elsewhere (a messaging or booking test app),
 * and `as` to call the API with either cookie (or none: anonymous), same-origin as a browser.
 */
export async function signInStaffAndAdmin(app: FastifyInstance, db: Db) {
  const admin = await signInAs(app, (await createStaff(db, { role: 'admin' })).email);
  const staff = await signInAs(app, (await createStaff(db, { role: 'staff' })).email);
  const as = (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { ...sameOrigin, ...(cookie && { cookie }) } });
  return { admin, staff, as };
}

/**
 * A test app with a signed-in staff member and a signed-in admin; `call` acts as either
 * (same-origin, as their browser would) or, without a role, as an anonymous caller.
 */
export async function createRoleTestApp(env: Env = {}) {
  const t = await createTestApp(env);
  const db = t.database.db;
  const cookies: Record<Role, string> = {
    staff: await signInAs(t.app, (await createStaff(db, { role: 'staff' })).email),
    admin: await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email),
  };
  const call = (method: InjectOptions['method'], url: string, as?: Role, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as ? { cookie: cookies[as], ...sameOrigin } : {},
      ...(payload && { payload }),
    });
  return { ...t, call };
}
export type RoleTestApp = Awaited<ReturnType<typeof createRoleTestApp>>;
