import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMemoryStorage } from '#tests/helpers/memory-storage.ts';
import { storageKeys, storedName } from '#web/lib/storage-keys.ts';
import type { ContactSubmission } from './submit-contact';

// The contact outbox (spec §8): a submission the server could not take waits in localStorage and
// goes when the server is back. Imported per test, after the browser globals it uses.
const store = withMemoryStorage();
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', new EventTarget());
});

const submission = (sessionId: string, firstName: string): ContactSubmission => ({
  id: `${sessionId}-${firstName}`,
  sessionId,
  customer: {
    firstName,
    lastName: 'Nguyen',
    email: 'an@example.com',
    phone: '0412 345 678',
    address: '12 Smith Street, Fitzroy VIC 3065',
    sessionId,
    website: '',
  },
  link: { currentStep: 'measurement' },
  lead: {
    sessionId,
    bookingOption: 'estimate',
    contactFormData: {
      firstName,
      lastName: 'Nguyen',
      email: 'an@example.com',
      phone: '0412 345 678',
      address: '12 Smith Street, Fitzroy VIC 3065',
    },
    website: '',
  },
});

/** The server: away while `down.value`, else answers the three contact calls. */
function server() {
  const down = { value: false };
  const customerPosts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (down.value) throw new TypeError('Failed to fetch');
      if (path === '/api/customers') {
        customerPosts.push((JSON.parse(String(init.body)) as { firstName: string }).firstName);
        return Response.json({ customer: { id: 'c1' } }, { status: 201 });
      }
      if (path === '/api/leads') return Response.json({ lead: { id: 'l1' } }, { status: 201 });
      return Response.json({ session: {} });
    }),
  );
  return { down, customerPosts };
}

const pending = () =>
  JSON.parse(store.get(storedName(storageKeys.pendingSubmissions)) ?? '[]') as unknown[];

describe('contact submission outbox', () => {
  it('still sends after a retry found nothing waiting (another tab had sent it)', async () => {
    const { down, customerPosts } = server();
    const outbox = await import('./submission-outbox');
    // this tab's retry timer fires after another tab emptied the shared queue
    await outbox.flushOutbox();

    down.value = true;
    outbox.queueSubmission(submission('s1', 'An'));
    await outbox.flushOutbox();
    expect(pending()).toHaveLength(1);

    down.value = false; // the server is back
    await outbox.flushOutbox();
    expect(customerPosts).toEqual(['An']);
    expect(pending()).toEqual([]);
  });

  it('a newer submission of the session sent while an older one waits reaches the server last', async () => {
    const { down, customerPosts } = server();
    const outbox = await import('./submission-outbox');
    down.value = true;
    outbox.queueSubmission(submission('s1', 'Old'));

    // the person came back to Contact, changed their name and continued: the server is back
    down.value = false;
    await outbox.sendInOrder(submission('s1', 'New'));
    await outbox.flushOutbox(); // the retry timer
    expect(customerPosts.at(-1)).toBe('New');
    expect(pending()).toEqual([]);
  });
});
