import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names the business after the screen, and nothing in its place while it has no name', () => {
    expect(pageTitle('Settings', 'Clear View Tinting')).toBe('Settings — Clear View Tinting');
    expect(pageTitle('Settings', '')).toBe('Settings');
  });
});
