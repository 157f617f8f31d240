import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLinkMessages as m } from '#shared/admin/campaign-links.contract.ts';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { decodePng, decodeSvg, hasLightBorder, isDark } from '#tests/helpers/qr-decode.ts';
import { campaignUrl, slugOf } from './campaign-links.service';

const links = '/api/admin/campaign-links';
const van = { name: 'Van – rear door', source: 'van', medium: 'offline', campaign: 'spring-2026' };
const vanUrl = 'http://localhost/?utm_source=van&utm_medium=offline&utm_campaign=spring-2026';

describe('campaign links: admin API', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());
  const create = (payload: object) => t.call('POST', links, 'admin', payload);
  const promo = async (isActive: boolean) => {
    const code = `SPRING-${randomUUID().slice(0, 6).toUpperCase()}`;
    const res = await t.call('POST', '/api/promo-codes', 'admin', {
      code: code.toLowerCase(),
      discountType: 'percentage',
      discountValue: 10,
      isActive,
    });
    expect(res.statusCode, res.body).toBe(201);
    return code;
  };

  it('guards every route: 401 signed out, 403 staff', async () => {
    const id = (await create(van)).json().link.id as string;
    const cases = [
      ['GET', links],
      ['POST', links],
      ['DELETE', `${links}/${id}`],
      ['GET', `${links}/${id}/qr.svg`],
      ['GET', `${links}/${id}/qr.png`],
    ] as const;
    for (const [method, url] of cases) {
      const payload = method === 'POST' ? van : undefined;
      expect((await t.call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await t.call(method, url, 'staff', payload)).statusCode, url).toBe(403);
    }
    expect((await t.call('GET', `${links}/${id}/qr.png`, 'admin')).statusCode).toBe(200);
  });

  it('saves a link, lists it newest first and deletes it (404 after, and for unknown ids)', async () => {
    const made = await create(van);
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json().link;
    expect(link).toMatchObject({ ...van, url: vanUrl, promoCode: null });
    const later = (await create({ ...van, name: 'Flyer', source: 'flyer' })).json().link;
    expect(later.url).toBe(vanUrl.replace('utm_source=van', 'utm_source=flyer'));

    const list = (await t.call('GET', links, 'admin')).json().links as { id: string }[];
    const ids = list.map((l) => l.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(link.id));
    expect(list.find((l) => l.id === link.id)).toEqual(link);

    const gone = await t.call('DELETE', `${links}/${link.id}`, 'admin');
    expect(gone.statusCode, gone.body).toBe(204);
    expect(gone.body).toBe('');
    const ids2 = ((await t.call('GET', links, 'admin')).json().links as { id: string }[]).map(
      (l) => l.id,
    );
    expect(ids2).not.toContain(link.id);
    for (const id of [link.id, randomUUID(), 'not-a-uuid']) {
      const again = await t.call('DELETE', `${links}/${id}`, 'admin');
      expect(again.statusCode, id).toBe(404);
      expect(again.json().error).toMatchObject({ code: 'NOT_FOUND', message: m.notFound });
      expect((await t.call('GET', `${links}/${id}/qr.svg`, 'admin')).statusCode).toBe(404);
    }
  });

  it('carries an active promo code as the #CODE the booking page reads, as the code is stored', async () => {
    const code = await promo(true);
    const res = await create({ ...van, promoCode: ` ${code.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().link).toMatchObject({ promoCode: code, url: `${vanUrl}#${code}` });
    const none = await create({ ...van, promoCode: '' });
    expect(none.json().link).toMatchObject({ promoCode: null, url: vanUrl });
  });

  it.each([
    [{ ...van, name: '' }, 'name', m.name],
    [{ ...van, name: 'x'.repeat(81) }, 'name', m.name],
    [{ ...van, name: undefined }, 'name', m.name],
    [{ ...van, source: 'Van' }, 'source', m.source],
    [{ ...van, source: 'yard sign' }, 'source', m.source],
    [{ ...van, source: '' }, 'source', m.source],
    [{ ...van, medium: 'x'.repeat(61) }, 'medium', m.medium],
    [{ ...van, campaign: 'spring?2026' }, 'campaign', m.campaign],
    [{ ...van, campaign: undefined }, 'campaign', m.campaign],
  ])('refuses %j: %s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses a promo code that does not exist or is not active, beside the field', async () => {
    for (const promoCode of ['NOSUCHCODE', await promo(false)]) {
      const res = await create({ ...van, promoCode });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: m.promoCode,
        fields: { promoCode: m.promoCode },
      });
    }
  });

  it('draws a print-size PNG QR code that decodes back to exactly the link', async () => {
    const code = await promo(true);
    const link = (await create({ ...van, promoCode: code })).json().link;
    const res = await t.call('GET', `${links}/${link.id}/qr.png`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="van-rear-door-qr.png"');
    const png = decodePng(res.rawPayload);
    expect(png.text).toBe(link.url);
    expect(png.width).toBeGreaterThanOrEqual(1024);
    // whole pixels per module, and the 4-module quiet zone around the finder patterns
    const modules = QRCode.create(link.url, { errorCorrectionLevel: 'M' }).modules.size + 8;
    const scale = png.width / modules;
    expect(Number.isInteger(scale)).toBe(true);
    expect(hasLightBorder(png, 4 * scale)).toBe(true);
    expect(isDark(png, 4 * scale, 4 * scale)).toBe(true);
  });

  it('draws an SVG QR code with the quiet zone that decodes back to exactly the link', async () => {
    const link = (await create({ ...van, name: 'Yard sign' })).json().link;
    const res = await t.call('GET', `${links}/${link.id}/qr.svg`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="yard-sign-qr.svg"');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(res.body)?.[1]);
    const modules = QRCode.create(link.url, { errorCorrectionLevel: 'M' }).modules.size;
    expect(size).toBe(modules + 8);
    const svg = await decodeSvg(res.body);
    expect(svg.text).toBe(link.url);
    expect(hasLightBorder(svg, Math.floor((4 * svg.width) / size))).toBe(true);
  });
});

describe('campaign links: the link and its file name', () => {
  it('builds the booking page address on PUBLIC_URL with URLSearchParams', () => {
    const tags = { source: 'yard-sign', medium: 'offline', campaign: 'a&b=c', promoCode: null };
    expect(campaignUrl('https://book.tint.example/', tags)).toBe(
      'https://book.tint.example/?utm_source=yard-sign&utm_medium=offline&utm_campaign=a%26b%3Dc',
    );
    expect(campaignUrl('https://tint.example/book', { ...tags, promoCode: 'VAN10' })).toBe(
      'https://tint.example/book/?utm_source=yard-sign&utm_medium=offline&utm_campaign=a%26b%3Dc#VAN10',
    );
  });

  it.each([
    ['Van – rear door', 'van-rear-door'],
    ['  Flyer (Spring 2026)!  ', 'flyer-spring-2026'],
    ['Café sign', 'cafe-sign'],
    ['🚐', 'campaign-link'],
  ])('names %j as %s', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});
