import { describe, expect, it } from 'vitest';
import { e164Phone, hashedUserData, normalisedEmail } from './hashed-user-data';

// expected hashes computed outside the app: printf '%s' '<normalised>' | sha256sum
const hashes = {
  'test@example.com': '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b',
  'janedoe@gmail.com': 'd6117306485ed0e50afab3ac871e98f81699151f30281527d63ff5f233656c69',
  '+61412345678': 'bc65da54a3ddbacfdc93a0400f0a2d78e41c2180c8255015e9616facfe56f58a',
};

describe("GA4 user-provided data (Google's normalisation, then SHA-256 hex)", () => {
  it.each([
    ['  Test@Example.COM ', 'test@example.com'],
    ['Jane.Doe@gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e@GoogleMail.com', 'jane@googlemail.com'],
    // only Google's own domains lose their dots; a plus part stays everywhere
    ['jane.doe+tint@example.com', 'jane.doe+tint@example.com'],
    ['jane.doe+tint@gmail.com', 'janedoe+tint@gmail.com'],
  ])('normalises the e-mail %j to %j', (email, normalised) => {
    expect(normalisedEmail(email)).toBe(normalised);
  });

  it.each([
    ['0412 345 678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['(03) 9123 4567', '+61391234567'],
    ['+1 650 253 0000', '+16502530000'],
    ['12345', undefined],
  ])('writes the phone %j as %j (E.164)', (phone, e164) => {
    expect(e164Phone(phone)).toBe(e164);
  });

  it('hashes the normalised values', () => {
    expect(hashedUserData({ email: ' TEST@example.com', phone: '0412 345 678' })).toEqual({
      sha256_email_address: [hashes['test@example.com']],
      sha256_phone_number: [hashes['+61412345678']],
    });
    expect(hashedUserData({ email: 'Jane.Doe@gmail.com' })).toEqual({
      sha256_email_address: [hashes['janedoe@gmail.com']],
    });
  });

  it('sends nothing for nothing usable', () => {
    expect(hashedUserData({})).toBeUndefined();
    expect(hashedUserData({ email: null, phone: '' })).toBeUndefined();
    expect(hashedUserData({ email: 'not an address', phone: '123' })).toBeUndefined();
  });
});
