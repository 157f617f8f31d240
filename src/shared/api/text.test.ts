import { describe, expect, it } from 'vitest';
import { hasUnsupportedCharacter, text, unsupportedCharacterMessage } from './text';

describe('text(): strings the database can store', () => {
  it('refuses NUL and lone surrogates, keeps emoji and accents', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', 'half \ud83d']) {
      expect(hasUnsupportedCharacter(bad)).toBe(true);
    }
    for (const good of ['Zoë', '😀🇦🇺', 'plain', ''])
      expect(hasUnsupportedCharacter(good)).toBe(false);
  });

  it('answers the one message first, and chains like z.string()', () => {
    const name = text({ error: 'Name is required' }).trim().min(2, 'Too short');
    const result = name.safeParse('\u0000');
    expect(result.error?.issues[0]?.message).toBe(unsupportedCharacterMessage);
    expect(name.parse('  Ann ')).toBe('Ann');
    expect(name.safeParse(3).error?.issues[0]?.message).toBe('Name is required');
  });
});
