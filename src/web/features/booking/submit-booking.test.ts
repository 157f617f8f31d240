import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBooking } from './submit-booking';

const sessionId = '6f1c2b1e-8d3a-4a57-9a0e-3c4f5b6a7d8e';
const input = {
  sessionId,
  reservationId: '0b6e7c1a-1f2d-4e3a-8b9c-0d1e2f3a4b5c',
  serviceType: 'phone' as const,
};

function memoryStorage() {
  const store = new Map<string, string>();
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
}

const keysSent = () =>
  vi.mocked(fetch).mock.calls.map(([, init]) => JSON.parse(String(init?.body)).idempotencyKey);

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the idempotency key of a booking attempt', () => {
  it('is sent again after a network error, and made anew after an answer', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('{"booking":{},"manageToken":"t"}', { status: 201 })),
      () =>
        Promise.resolve(
          new Response('{"error":{"code":"CONFLICT","message":"taken"}}', { status: 409 }),
        ),
      () => Promise.resolve(new Response('{"booking":{},"manageToken":"t"}', { status: 201 })),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answers.shift()!()),
    );

    await expect(createBooking(input)).rejects.toThrow('We could not reach the server');
    await createBooking(input);
    await expect(createBooking(input)).rejects.toThrow('taken');
    await createBooking(input);

    const [first, retry, third, fourth] = keysSent();
    expect(retry).toBe(first);
    expect(third).not.toBe(first);
    expect(fourth).not.toBe(third);
  });
});
