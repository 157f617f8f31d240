import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandImageMessages,
  brandImagePathPattern,
  type Branding,
} from '#shared/branding/branding.contract.ts';
import { createStaff, sameOrigin, signInAs, type Role } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { filePart, multipartBody } from '#tests/helpers/upload-kit.ts';

// Issue 15 item 15: the logo and partner logos an admin uploads in Settings, decided by content,
// sanitised (SVG) or re-encoded (PNG/JPEG), served from public content-hashed URLs.
const hostileSvg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert('svg')">
  <script>alert('xss')</script>
  <style>@import url(https://tracker.example/a.css);</style>
  <linearGradient id="g"><stop offset="0" stop-color="#0f766e"/></linearGradient>
  <rect width="120" height="40" fill="url(#g)" onclick="steal()"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <a href="javascript:alert(1)"><text x="10" y="25">Clear View</text></a>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
</svg>`;

describe('brand images (logo and partner logos)', () => {
  let t: TestApp;
  let dataDir: string;
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tintbook-brand-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    for (const role of ['staff', 'admin'] as const) {
      cookies[role] = await signInAs(t.app, (await createStaff(t.database.db, { role })).email);
    }
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const headersAs = (role: Role | null) =>
    role ? { cookie: cookies[role] ?? '', ...sameOrigin } : {};
  const upload = (file: Buffer, name: string, type: string, role: Role | null = 'admin') => {
    const { payload, headers } = multipartBody([filePart(file, name, type)]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/brand-images',
      payload,
      headers: { ...headers, ...headersAs(role) },
    });
  };
  const uploaded = async (file: Buffer, name: string, type: string) => {
    const res = await upload(file, name, type);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().image as { url: string; type: string };
  };
  const png = (colour: string, width = 200, height = 80) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();

  it('an SVG with a script comes back clean, public and cacheable for ever', async () => {
    const image = await uploaded(Buffer.from(hostileSvg), 'logo.svg', 'image/svg+xml');
    expect(image.type).toBe('image/svg+xml');
    expect(image.url).toMatch(brandImagePathPattern);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const svg = served.body;
    expect(svg).toMatch(/^<svg[\s>]/);
    expect(svg).toContain('viewBox="0 0 120 40"');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('Clear View');
    for (const gone of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'tracker.example',
      'javascript:',
    ]) {
      expect(svg).not.toContain(gone);
    }
    expect(svg).not.toMatch(/foreignObject|<a[\s>]/);

    // the name is the content's hash: the same logo again is the same URL
    expect((await uploaded(Buffer.from(hostileSvg), 'again.svg', 'image/svg+xml')).url).toBe(
      image.url,
    );
  });

  it('a PNG or JPEG goes through the image pipeline, whatever its name says', async () => {
    const image = await uploaded(await png('#0f766e'), 'logo.svg', 'image/svg+xml');
    expect(image.type).toBe('image/png');
    expect(image.url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 200, height: 80 });

    const photo = await sharp({
      create: { width: 3000, height: 900, channels: 3, background: '#fff' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Someone private' } })
      .toBuffer();
    const jpeg = await uploaded(photo, 'logo.bin', 'application/octet-stream');
    expect(jpeg.url).toMatch(/\.jpg$/);
    const stored = await t.app.inject({ method: 'GET', url: jpeg.url });
    const meta = await sharp(stored.rawPayload).metadata();
    // fitted to the largest size a header needs, metadata gone
    expect({ width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      width: 1200,
      height: 360,
      exif: undefined,
    });
  });

  it('a .png that is really text is refused with a clear 415, and so is an HTML page', async () => {
    for (const [body, name] of [
      ['just some text, not a picture', 'logo.png'],
      ['<html><body><svg onload="alert(1)"></svg></body></html>', 'logo.svg'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', 'broken.svg'],
    ] as const) {
      const res = await upload(Buffer.from(body), name, 'image/png');
      expect([415, 422], res.body).toContain(res.statusCode);
      expect(res.json().error.message).toBe(
        res.statusCode === 415 ? brandImageMessages.typeNotAllowed : brandImageMessages.unreadable,
      );
    }
    expect((await upload(Buffer.from('plain text'), 'logo.png', 'image/png')).statusCode).toBe(415);
  });

  it('only an admin may upload: 401 signed out, 403 for staff', async () => {
    const file = await png('#123456');
    expect((await upload(file, 'logo.png', 'image/png', null)).statusCode).toBe(401);
    expect((await upload(file, 'logo.png', 'image/png', 'staff')).statusCode).toBe(403);
  });

  it('too large: 413 with a message that names the limit', async () => {
    const big = Buffer.concat([await png('#222222'), Buffer.alloc(1024 * 1024)]);
    const res = await upload(big, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(brandImageMessages.tooLarge);

    const paths = '<path d="M0 0h10v10z"/>'.repeat(12_000);
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${paths}</svg>`);
    const bigSvg = await upload(svg, 'huge.svg', 'image/svg+xml');
    expect(bigSvg.statusCode).toBe(413);
    expect(bigSvg.json().error.message).toBe(brandImageMessages.svgTooLarge);
  });

  it('the logo and the partner strip reach the public settings once saved, in order', async () => {
    const logo = await uploaded(Buffer.from(hostileSvg), 'logo.svg', 'image/svg+xml');
    const light = await uploaded(await png('#000000', 60, 20), 'p-light.png', 'image/png');
    const dark = await uploaded(await png('#ffffff', 60, 20), 'p-dark.png', 'image/png');
    const other = await uploaded(await png('#ff0000', 60, 20), 'q.png', 'image/png');
    const branding: Branding = {
      logoUrl: logo.url,
      logoDarkUrl: null,
      partners: [
        { alt: 'Solar Guard', lightUrl: light.url, darkUrl: dark.url },
        { alt: 'Film Co', lightUrl: other.url, darkUrl: other.url },
      ],
    };
    const put = (body: object, role: Role | null = 'admin') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/branding',
        payload: body,
        headers: headersAs(role),
      });

    expect((await put(branding, null)).statusCode).toBe(401);
    expect((await put(branding, 'staff')).statusCode).toBe(403);
    const publicBranding = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().branding as Branding;
    expect(await publicBranding()).toEqual({ logoUrl: null, logoDarkUrl: null, partners: [] });

    const saved = await put(branding);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(branding);
    expect(await publicBranding()).toEqual(branding);

    // an image this server never stored, or a partner without alt text, is refused
    const unknown = await put({ ...branding, logoUrl: `/api/brand-images/${'0'.repeat(32)}.svg` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(brandImageMessages.unknownImage);
    const elsewhere = await put({ ...branding, logoUrl: 'https://tracker.example/logo.svg' });
    expect(elsewhere.statusCode).toBe(400);
    const noAlt = await put({ logoUrl: null, partners: [{ ...branding.partners[0], alt: ' ' }] });
    expect(noAlt.statusCode).toBe(400);
    expect(await publicBranding()).toEqual(branding);

    // removed: the name alone, no strip
    expect((await put({ logoUrl: null, partners: [] })).statusCode).toBe(200);
    expect(await publicBranding()).toEqual({ logoUrl: null, logoDarkUrl: null, partners: [] });
  });

  it('the logo has a dark-theme version: saved, answered by the public settings, removed', async () => {
    const logo = await uploaded(await png('#0f766e', 120, 40), 'logo.png', 'image/png');
    const darkLogo = await uploaded(await png('#f8fafc', 120, 40), 'logo-dark.png', 'image/png');
    const put = (body: object, role: Role | null = 'admin') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/branding',
        payload: body,
        headers: headersAs(role),
      });
    const publicBranding = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().branding as Branding;
    const both: Branding = { logoUrl: logo.url, logoDarkUrl: darkLogo.url, partners: [] };

    expect((await put(both, 'staff')).statusCode).toBe(403);
    const saved = await put(both);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(both);
    expect(await publicBranding()).toEqual(both);

    // only an image this server stored may be the dark version; the saved one stays
    const unknown = await put({ ...both, logoDarkUrl: `/api/brand-images/${'1'.repeat(32)}.png` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(brandImageMessages.unknownImage);
    expect((await put({ ...both, logoDarkUrl: 'https://x.example/a.png' })).statusCode).toBe(400);
    expect(await publicBranding()).toEqual(both);

    // removed: the logo alone, on both themes; a body without it (older clients) means none too
    expect((await put({ ...both, logoDarkUrl: null })).statusCode).toBe(200);
    expect(await publicBranding()).toEqual({ ...both, logoDarkUrl: null });
    expect((await put(both)).statusCode).toBe(200);
    expect((await put({ logoUrl: logo.url, partners: [] })).statusCode).toBe(200);
    expect(await publicBranding()).toEqual({ ...both, logoDarkUrl: null });

    // a value written around the branding route that is not a stored image reads as none
    const setting = await t.app.inject({
      method: 'POST',
      url: '/api/settings/brand_logo_dark_url',
      payload: { value: 'javascript:alert(1)' },
      headers: headersAs('admin'),
    });
    expect(setting.statusCode, setting.body).toBeLessThan(500);
    expect((await publicBranding()).logoDarkUrl).toBeNull();
  });
});
