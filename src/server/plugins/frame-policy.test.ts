import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { embedMessages } from '#shared/embed/embed-origins.ts';

// Issue 30: only the sites listed in Settings → "Your website" may frame the customer's pages;
// staff screens and the API are never framed.
describe('frame-ancestors from embed_allowed_origins (both databases)', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const save = (value: unknown) =>
    t.call('POST', '/api/settings/embed_allowed_origins', 'admin', { value });
  const ancestorsOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    return {
      ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1],
      frameOptions: res.headers['x-frame-options'],
    };
  };

  it("keeps 'none' everywhere while no site is listed", async () => {
    expect(await ancestorsOf('/')).toMatchObject({ ancestors: "'none'" });
    expect(await ancestorsOf('/booking')).toMatchObject({ ancestors: "'none'" });
  });

  it('refuses a malformed site with a field message and keeps what was saved', async () => {
    for (const value of [
      ['http://www.example.com'],
      ['https://www.example.com/booking'],
      ['https://user@www.example.com'],
      ['not a site'],
      'https://www.example.com',
    ]) {
      const res = await save(value);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().error.fields.value).toBe(embedMessages.origin);
    }
    expect(await ancestorsOf('/')).toMatchObject({ ancestors: "'none'" });
  });

  it('lets the listed sites frame the customer pages only, from the next page load', async () => {
    const saved = await save(['https://www.example.com.au/', 'http://localhost:4000']);
    expect(saved.statusCode, saved.body).toBe(200);
    // stored as a browser names the origin
    expect(saved.json().setting.value).toEqual([
      'https://www.example.com.au',
      'http://localhost:4000',
    ]);
    for (const page of ['/', '/booking?sessionId=x', '/reschedule']) {
      expect(await ancestorsOf(page)).toEqual({
        ancestors: "'self' https://www.example.com.au http://localhost:4000",
        frameOptions: undefined,
      });
    }
    for (const staffOrApi of ['/settings', '/leads', '/dashboard', '/api/settings', '/docs']) {
      expect((await ancestorsOf(staffOrApi)).ancestors, staffOrApi).toBe("'none'");
    }
    expect((await save([])).statusCode).toBe(200);
    expect(await ancestorsOf('/')).toMatchObject({ ancestors: "'none'" });
  });

  it('lets any site load /embed.js, and nothing else of the app', async () => {
    const policy = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).headers['cross-origin-resource-policy'];
    expect(await policy('/embed.js')).toBe('cross-origin');
    for (const url of ['/', '/theme-init.js', '/api/settings']) {
      expect(await policy(url), url).toBe('same-origin');
    }
  });
});
