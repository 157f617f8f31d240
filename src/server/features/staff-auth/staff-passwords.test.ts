import { describe, expect, it } from 'vitest';
import { passwordPolicy, staffMessages as m } from '#shared/staff/staff.contract.ts';
import {
  hashPassword,
  needsRehash,
  scryptParams,
  scryptParamsFor,
  verifyPassword,
} from './password-hash';
import { passwordProblem } from './password-strength';

describe('password hashing (scrypt, OWASP parameters)', () => {
  it('hashes at OWASP’s cost outside tests, and at 2^10 in a test run only', () => {
    for (const env of ['production', 'development', undefined]) {
      expect(scryptParamsFor(env)).toEqual(scryptParams);
    }
    expect(scryptParamsFor('production')).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect(scryptParamsFor('test')).toEqual({ ...scryptParams, N: 2 ** 10 });
  });

  it('stores a self-describing scrypt$N$r$p$salt$hash string that verifies', async () => {
    const hash = await hashPassword('Blue-Otter-Lantern-42', scryptParamsFor('production'));
    const [scheme, N, r, p, salt, key] = hash.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(N), Number(r), Number(p)]).toEqual([2 ** 17, 8, 1]);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(scryptParams.saltBytes);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(scryptParams.keyBytes);
    expect(await verifyPassword('Blue-Otter-Lantern-42', hash)).toBe(true);
    expect(await verifyPassword('Blue-Otter-Lantern-43', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash, scryptParamsFor('production'))).toBe(false);
  });

  it('replaces a test run’s cheap hash at the next sign-in in production', async () => {
    const cheap = await hashPassword('Blue-Otter-Lantern-42', scryptParamsFor('test'));
    expect(cheap.split('$')[1]).toBe(String(2 ** 10));
    expect(await verifyPassword('Blue-Otter-Lantern-42', cheap)).toBe(true);
    expect(needsRehash(cheap, scryptParamsFor('production'))).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password here')).not.toBe(
      await hashPassword('same password here'),
    );
  });

  it('treats the same text typed as composed or decomposed Unicode as one password', async () => {
    const hash = await hashPassword('Café-Otter-Lantern'.normalize('NFC'));
    expect(await verifyPassword('Café-Otter-Lantern'.normalize('NFD'), hash)).toBe(true);
  });

  it('refuses unreadable or absurd stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1024$8$1$x$y', `scrypt$${2 ** 30}$8$1$AAAA$BBBB`]) {
      expect(await verifyPassword('anything at all', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});

describe('new password rules', () => {
  it.each([
    ['', m.passwordRequired],
    ['short', m.passwordTooShort],
    ['elevenchars', m.passwordTooShort],
    ['x'.repeat(passwordPolicy.maxLength + 1), m.passwordTooLong],
    ['password1234', m.passwordTooWeak],
    ['Password123!', m.passwordTooWeak],
    ['qwertyuiop12', m.passwordTooWeak],
    ['iloveyou1234', m.passwordTooWeak],
    ['aaaaaaaaaaaa', m.passwordTooWeak],
    ['tintbook2024!', m.passwordTooWeak],
  ])('refuses %j: %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('refuses a password made of the person’s own e-mail or name', () => {
    const password = 'agnieszkawrzesniewska';
    expect(passwordProblem(password)).toBeNull();
    expect(passwordProblem(password, { email: 'agnieszka.wrzesniewska@example.com' })).toBe(
      m.passwordTooWeak,
    );
    expect(passwordProblem(password, { displayName: 'Agnieszka Wrzesniewska' })).toBe(
      m.passwordTooWeak,
    );
  });

  it.each(['Blue-Otter-Lantern-42', 'correct horse battery staple', 'kV9#pQ2!zLm4wX'])(
    'accepts %j',
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it('counts characters, not UTF-16 units', () => {
    // 11 emoji are 22 UTF-16 units but 11 characters: too short
    expect(passwordProblem('🦦'.repeat(11))).toBe(m.passwordTooShort);
  });
});
