import { describe, expect, it } from 'vitest';
import { isBuiltInSetting, settingEntry } from '#shared/settings/settings-registry.ts';
import { isSecretSetting, settingsMessages, toSettingDto } from './settings.contract';

describe('GA4 settings (category analytics)', () => {
  const measurementId = settingEntry('ga4_measurement_id');
  const apiSecret = settingEntry('ga4_api_secret');

  it('are optional settings of the analytics category, the API secret write-only', () => {
    expect(measurementId).toMatchObject({ screen: 'analytics' });
    expect(measurementId?.secret).toBeUndefined();
    expect(isBuiltInSetting('ga4_measurement_id')).toBe(false);
    expect(apiSecret).toMatchObject({ screen: 'analytics', secret: true });
    expect(isSecretSetting('ga4_api_secret')).toBe(true);
    const dto = toSettingDto({
      key: 'ga4_api_secret',
      value: 'AbCdEfGhIjKlMnOpQrStUv',
      category: 'analytics',
      description: '',
      isSecret: true,
    });
    expect(JSON.stringify(dto)).not.toContain('AbCd');
  });

  it.each([
    ['G-ABC123DEF4', 'G-ABC123DEF4'],
    [' g-abc123def4 ', 'G-ABC123DEF4'],
  ])('takes the measurement id %j as %j', (input, stored) => {
    expect(measurementId?.schema.parse(input)).toBe(stored);
  });

  it.each(['UA-12345-1', 'G-', 'ABC123DEF4', 'G-ABC 123', 12])(
    'refuses the measurement id %j with a message that shows the format',
    (input) => {
      const result = measurementId?.schema.safeParse(input);
      expect(result?.error?.issues[0]?.message).toBe(settingsMessages.ga4MeasurementId);
    },
  );

  it('takes an API secret of 16 to 256 characters', () => {
    expect(apiSecret?.schema.safeParse('AbCdEfGhIjKlMnOpQrStUv').success).toBe(true);
    expect(apiSecret?.schema.safeParse('short').error?.issues[0]?.message).toBe(
      settingsMessages.ga4ApiSecret,
    );
  });
});
