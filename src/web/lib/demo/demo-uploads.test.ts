import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadErrorCodes, type UploadedFile } from '#shared/uploads/uploads.contract.ts';
import type { Customer } from '#shared/contact/contact.contract.ts';
import { demoRequest } from './demo-api';
import { sniffUploadType } from './demo-file-type';
import { keepDemoIn } from './demo-store';

// The demo's Files step (ADR 035): the type by the first bytes, as the server's file-type decides
// it, and the photo kept beside the demo's data for its thumbnail.

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');

describe('the demo upload check', () => {
  it('knows the accepted types by their first bytes, whatever the name says', () => {
    expect(sniffUploadType(png)).toBe('image/png');
    expect(sniffUploadType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffUploadType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffUploadType(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffUploadType(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('image/heic');
    expect(sniffUploadType(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('image/heif');
    // what the server refuses: a HEIC sequence, a GIF, text named like a photo
    expect(sniffUploadType(bytes([0, 0, 0, 24], 'ftyphevc'))).toBeNull();
    expect(sniffUploadType(bytes('GIF89a'))).toBeNull();
    expect(sniffUploadType(bytes('this is text, not a PNG'))).toBeNull();
  });
});

describe('POST /api/uploads in the demo', () => {
  const values = new Map<string, unknown>();
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-23T09:00:00+11:00') });
    values.clear();
    keepDemoIn({
      get: <T>(key: string) => Promise.resolve(values.get(key) as T | undefined),
      set: (key, value) => Promise.resolve(void values.set(key, value)),
      del: (key) => Promise.resolve(void values.delete(key)),
    });
  });
  afterEach(() => vi.useRealTimers());

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = demoRequest(path, method, body);
    answer.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(100);
    return (await answer) as T;
  }

  const sessionId = '2b7c3f0e-9a41-4d2e-8f3b-5c6d7e8f9a0b';
  const upload = (file: Blob, name: string) =>
    call<{ file: UploadedFile }>('POST', `/api/uploads?sessionId=${sessionId}`, { file, name });

  it('keeps a photo for its thumbnail and refuses text named like one', async () => {
    // before the Contact step there is no lead to keep it for
    await expect(upload(new Blob([png]), 'window.png')).rejects.toMatchObject({
      status: 409,
      code: uploadErrorCodes.contactFirst,
    });
    const contact = {
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      address: '12 Smith Street, Fitzroy VIC 3065',
    };
    const { customer } = await call<{ customer: Customer }>('POST', '/api/customers', contact);
    await call('POST', '/api/leads', {
      sessionId,
      customerId: customer.id,
      bookingOption: 'estimate',
      contactFormData: contact,
    });

    await expect(upload(new Blob(['this is text, not a PNG']), 'window.png')).rejects.toMatchObject(
      {
        status: 415,
        code: uploadErrorCodes.typeNotAllowed,
      },
    );
    const { file } = await upload(new Blob([png]), 'C:\\photos\\window.png');
    expect(file).toMatchObject({ name: 'window.png', type: 'image/png', hasThumbnail: true });
    const preview = await call<Blob>(
      'GET',
      `/api/uploads/${file.id}/preview?sessionId=${sessionId}`,
    );
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(png);
    // another session cannot read it
    await expect(
      call('GET', `/api/uploads/${file.id}/preview?sessionId=${crypto.randomUUID()}`),
    ).rejects.toMatchObject({ status: 404 });
  });
});
