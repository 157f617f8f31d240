import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMemoryStorage } from '#tests/helpers/memory-storage.ts';
import { storageKeys, storedName } from './storage-keys';

// The outbox module starts itself on import when something waits: it is imported per test,
// after the browser globals it uses are in place.
const store = withMemoryStorage();
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.useRealTimers();
});

const details = (sessionId: string, glassCount: number) => ({
  id: `${sessionId}-${glassCount}`,
  sessionId,
  method: 'PUT' as const,
  path: `/api/sessions/${sessionId}/details`,
  body: { glassCount },
});

function serverAnswers(...statuses: (number | 'down')[]) {
  const fetchMock = vi.fn(async () => {
    const status = statuses.shift() ?? 200;
    if (status === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(status < 400 ? {} : { error: { message: 'no' } }), {
      status,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('request outbox', () => {
  it('keeps a save while the server is away or failing, and sends it once it is back', async () => {
    vi.useFakeTimers();
    const fetchMock = serverAnswers('down', 503, 200);
    const outbox = await import('./request-outbox');
    outbox.queueRequest(details('s1', 3));
    await outbox.flushRequests(); // no answer
    await outbox.flushRequests(); // 503
    expect(outbox.pendingRequests()).toHaveLength(1);
    await outbox.flushRequests();
    expect(outbox.pendingRequests()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [path, init] = fetchMock.mock.calls[2] as unknown as [string, RequestInit];
    expect(path).toBe('/api/sessions/s1/details');
    expect(init).toMatchObject({ method: 'PUT', body: '{"glassCount":3}' });
  });

  it('keeps only the latest save of a path', async () => {
    serverAnswers('down');
    const outbox = await import('./request-outbox');
    outbox.queueRequest(details('s1', 3));
    outbox.queueRequest(details('s1', 4));
    outbox.queueRequest(details('s2', 1));
    expect(outbox.pendingRequests().map((item) => item.id)).toEqual(['s1-4', 's2-1']);
  });

  it('drops a save the server refuses for good (4xx)', async () => {
    serverAnswers(400);
    const outbox = await import('./request-outbox');
    outbox.queueRequest(details('s1', 3));
    await outbox.flushRequests();
    expect(outbox.pendingRequests()).toEqual([]);
  });

  it('waits for the contact details, then goes when they are sent', async () => {
    const fetchMock = serverAnswers(200);
    store.set(storedName(storageKeys.pendingSubmissions), JSON.stringify([{ id: 'c1' }]));
    const outbox = await import('./request-outbox');
    outbox.queueRequest(details('s1', 3));
    await outbox.flushRequests();
    expect(fetchMock).not.toHaveBeenCalled();

    store.set(storedName(storageKeys.pendingSubmissions), '[]');
    window.dispatchEvent(new Event('tintbook:contact-sent'));
    await vi.waitFor(() => expect(outbox.pendingRequests()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends what an earlier visit left as soon as it loads', async () => {
    const fetchMock = serverAnswers(200);
    store.set(storedName(storageKeys.pendingRequests), JSON.stringify([details('s1', 2)]));
    const outbox = await import('./request-outbox');
    await vi.waitFor(() => expect(outbox.pendingRequests()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
