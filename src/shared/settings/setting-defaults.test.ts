import { describe, expect, it } from 'vitest';
import { knownSettings } from '#shared/admin/settings.contract.ts';
import { settingDefaults } from './setting-defaults';

describe('settingDefaults', () => {
  it('has a default for every built-in setting of the settings contract, and only those', () => {
    const builtIn = Object.entries(knownSettings)
      .filter(([, definition]) => definition.builtIn)
      .map(([key]) => key);
    expect(Object.keys(settingDefaults).sort()).toEqual(builtIn.sort());
  });

  it.each(Object.entries(settingDefaults))(
    '%s: the default passes its own schema',
    (key, value) => {
      expect(knownSettings[key]?.schema.safeParse(value).success).toBe(true);
    },
  );
});
