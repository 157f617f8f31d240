import { describe, expect, it } from 'vitest';
import { withMemoryStorage } from '#tests/helpers/memory-storage.ts';
import { loadDraft, saveDraft } from '#web/features/contact/contact-storage.ts';
import { loadDetailsDraft, saveDetailsDraft } from '#web/features/details/details-storage.ts';
import { blankDetails } from '#web/features/details/details-values.ts';
import { loadPromoCode, savePromoCode } from '#web/features/estimate/estimate-request.ts';
import { loadUploaded, saveUploaded } from '#web/features/files/upload-list-storage.ts';
import { contactSummary } from './contact-summary';
import { startFreshSession } from './fresh-session';
import { readLanding } from './landing';
import { rememberDetails, savedDetails } from './saved-details';
import { savedPromoCode } from './saved-promo';
import { getSessionId } from './session-id';
import { writeJson } from './storage';
import { storageKeys, storedName } from './storage-keys';

const store = withMemoryStorage();

function fillEveryStep(sessionId: string) {
  saveDraft({
    values: {
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      address: '12 Smith Street, Fitzroy VIC 3065',
      bookingOption: 'consultation',
    },
    chosen: null,
  });
  saveDetailsDraft({ ...blankDetails(), glassCount: '5' });
  rememberDetails(sessionId, {
    glassCount: 5,
    painPoint: 'uv-privacy',
    measurements: [{ length: 1000, width: 1000, sqm: 1 }],
  });
  savePromoCode(sessionId, 'E2E-TEN');
  saveUploaded(sessionId, [
    {
      id: 'f1',
      name: 'a.jpg',
      size: 1,
      type: 'image/jpeg',
      uploadStatus: 'uploaded',
      timestamp: '2026-11-23T00:00:00.000Z',
    } as Parameters<typeof saveUploaded>[1][number],
  ]);
  writeJson(storageKeys.landing, {
    utm: { source: 'google' },
    landingPage: 'https://x.test/?utm_source=google',
  });
}

describe('the keys the later steps read', () => {
  it('are the keys the earlier steps write', () => {
    const sessionId = getSessionId();
    fillEveryStep(sessionId);
    expect(savedPromoCode(sessionId)).toBe(loadPromoCode(sessionId));
    expect(savedPromoCode('another-session')).toBeNull();
    expect(contactSummary()).toEqual({
      firstName: 'Jane',
      email: 'jane@example.com',
      address: '12 Smith Street, Fitzroy VIC 3065',
    });
  });
});

describe('startFreshSession (spec §4, on booking completion)', () => {
  it('makes a new session id and keeps only the UTM landing', () => {
    const before = getSessionId();
    fillEveryStep(before);
    const change = startFreshSession();
    expect(change.previousSessionId).toBe(before);
    expect(change.newSessionId).not.toBe(before);
    expect(getSessionId()).toBe(change.newSessionId);

    expect(loadDraft()).toBeNull();
    expect(loadDetailsDraft()).toBeNull();
    expect(savedDetails(before)).toBeNull();
    expect(loadPromoCode(before)).toBeNull();
    expect(store.has(storedName(storageKeys.uploadedFiles))).toBe(false);
    expect(loadUploaded(before)).toEqual([]);
    expect(readLanding()?.utm).toEqual({ source: 'google' });
  });
});
