import { describe, expect, it } from 'vitest';
import { settingDefaults } from './setting-defaults';
import { isBuiltInSetting, settingEntry, settingsRegistry } from './settings-registry';

describe('settingDefaults', () => {
  it('has a default for every built-in setting of the registry, and only those', () => {
    const builtIn = Object.keys(settingsRegistry).filter(isBuiltInSetting);
    expect(Object.keys(settingDefaults).sort()).toEqual(builtIn.sort());
  });

  it.each(Object.entries(settingDefaults))(
    '%s: the default passes its own schema',
    (key, value) => {
      expect(settingEntry(key)?.schema.safeParse(value).success).toBe(true);
    },
  );
});
