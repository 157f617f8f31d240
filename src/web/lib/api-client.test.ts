import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '#shared/api/error.ts';
import { api, ApiRequestError, NetworkError } from './api-client';
import { hasErrorCode, isServerUnreachable } from './api-refusals';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('returns the parsed body of a success', async () => {
    answer(201, { customer: { id: 'c1' } });
    await expect(api.post('/api/customers', { a: 1 })).resolves.toEqual({ customer: { id: 'c1' } });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/customers');
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('turns the error shape into an ApiRequestError with its field messages', async () => {
    answer(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Please correct the highlighted fields.',
        fields: { phone: 'Please enter a valid Australian phone number' },
      },
    });
    const error = await api.post('/api/customers', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please correct the highlighted fields.',
      fields: { phone: 'Please enter a valid Australian phone number' },
    });
    expect(isServerUnreachable(error)).toBe(false);
    expect(hasErrorCode(error, errorCodes.noLead, errorCodes.validation)).toBe(true);
    expect(hasErrorCode(error, errorCodes.noLead)).toBe(false);
    expect(hasErrorCode(new Error('VALIDATION_FAILED'), errorCodes.validation)).toBe(false);
  });

  it("names the status when the body is not the error shape (spec §8 'HTTP error!')", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await api.get('/api/settings').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'HTTP error! status: 502' });
    expect(isServerUnreachable(error)).toBe(true);
  });

  it('reports a request that got no answer as a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('/api/settings').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isServerUnreachable(error)).toBe(true);
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('Aborted', 'AbortError'))),
    );
    const error = await api.get('/api/settings', controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });
});
