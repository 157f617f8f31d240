import { describe, expect, it } from 'vitest';
import { withMemoryStorage } from '#tests/helpers/memory-storage.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { bookingOptions, fallbackPainPoints, settings } from './built-in-defaults';
import { storageKeys, storedName } from './storage-keys';

const store = withMemoryStorage();

const keep = (list: unknown) => store.set(storedName(storageKeys.painPoints), JSON.stringify(list));
const painPoint = (id: string, active: boolean) => ({
  id,
  name: `Name of ${id}`,
  description: `About ${id}`,
  active,
});

describe('built-in defaults (spec §3, §9)', () => {
  it('offers the two booking options of spec §3, estimate first', () => {
    expect(bookingOptions).toEqual([
      {
        id: 'estimate',
        label: 'Get an Estimate',
        description: 'Price Estimation from Measurements',
        duration: 30,
      },
      {
        id: 'consultation',
        label: 'Book Consultation',
        description: 'Phone / Onsite Booking',
        duration: 30,
      },
    ]);
  });

  it('has the settings a business starts with, no banner', () => {
    expect(settings.toggles.calendar_view_enabled).toBe(settingDefaults.calendar_view_enabled);
    expect(settings.toggles.form_webhook_enabled).toBe(false);
    // no placeholder business details shown as facts (issue 15 item 15)
    expect(settings.business).toEqual({ name: '', email: '', phone: '' });
    expect(settings.banners).toEqual([]);
  });
});

describe('fallbackPainPoints', () => {
  it('is the three default concerns when nothing was kept', () => {
    expect(fallbackPainPoints().map((p) => [p.id, p.name, p.active])).toEqual([
      ['uv-privacy', 'UV / Privacy / Heat & Glare', true],
      ['thermal', 'Winter Thermal Insulation', true],
      ['security', 'Security and Safety', true],
    ]);
  });

  it('uses the kept list, only its active entries', () => {
    keep([painPoint('tint-a', true), painPoint('tint-b', false), painPoint('tint-c', true)]);
    expect(fallbackPainPoints().map((p) => p.id)).toEqual(['tint-a', 'tint-c']);
  });

  it('ignores entries of the wrong shape and falls back when none is active', () => {
    keep([{ id: 'x' }, 'nonsense', painPoint('off', false)]);
    expect(fallbackPainPoints().map((p) => p.id)).toEqual(['uv-privacy', 'thermal', 'security']);
    store.set(storedName(storageKeys.painPoints), '{not json');
    expect(fallbackPainPoints()).toHaveLength(3);
  });
});
