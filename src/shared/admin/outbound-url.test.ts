import { describe, expect, it } from 'vitest';
import { unsupportedCharacterMessage } from '#shared/api/text.ts';
import { adminMessages, httpsUrlSchema } from './admin-fields';
import { isOutboundUrl } from './outbound-url';

const allowed = [
  'https://example.com/hook',
  'https://hooks.example.com.au:8443/a/b?c=d',
  'https://localhost/hook',
  'http://localhost:4000/hook',
  'http://127.0.0.1:4000/hook',
  'http://127.1.2.3/hook',
  'http://127.1/hook', // the URL parser reads it as 127.0.0.1
  'http://[::1]:4000/hook',
];
const refused = [
  'http://example.com/hook', // plain http leaves this machine
  'http://10.0.0.5/hook',
  'http://[::2]/hook',
  'http://localhost.example.com/hook',
  'http://128.0.0.1/hook',
  'https://user:pass@example.com/hook', // credentials belong in the secret settings
  'ftp://example.com/file',
  'https://example/hook', // not a domain
  'https://10.0.0.5/hook',
  'https://example.com/a hook',
  'example.com/hook',
  '',
];

describe('outbound URLs: https://, or http:// to this machine', () => {
  it.each(allowed)('allows %s', (url) => expect(isOutboundUrl(url)).toBe(true));
  it.each(refused)('refuses %s', (url) => expect(isOutboundUrl(url)).toBe(false));
});

describe('httpsUrlSchema (the webhook and job-tracker settings)', () => {
  it.each(allowed)('accepts %s', (url) => expect(httpsUrlSchema.parse(url)).toBe(url));

  it.each(refused)('refuses %s with one message that names the exception', (url) => {
    const result = httpsUrlSchema.safeParse(url);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([adminMessages.httpsUrl]);
    expect(adminMessages.httpsUrl).toMatch(/^Use an https:\/\/ address.*localhost/);
  });

  it('stores the address without the spaces around it', () => {
    expect(httpsUrlSchema.parse('  https://example.com/hook ')).toBe('https://example.com/hook');
  });

  it('refuses more than 500 characters and characters the database cannot store', () => {
    const long = `https://example.com/${'a'.repeat(481)}`;
    expect(httpsUrlSchema.safeParse(long.slice(0, 500)).success).toBe(true);
    expect(httpsUrlSchema.safeParse(long).error?.issues[0]?.message).toBe(adminMessages.httpsUrl);
    const nul = httpsUrlSchema.safeParse('https://example.com/a\0b');
    expect(nul.error?.issues.map((issue) => issue.message)).toEqual([unsupportedCharacterMessage]);
  });
});
