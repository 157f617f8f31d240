import { describe, expect, it } from 'vitest';
import { sampleInput } from './analytics-input';

describe('sampleInput (spec §9 analytics input rule)', () => {
  it('sends a value only at lengths that are a multiple of 5, or zero', () => {
    expect(sampleInput('jobDescription', '')).toEqual({
      field: 'jobDescription',
      length: 0,
      value: '',
    });
    expect(sampleInput('jobDescription', 'abcd')).toBeNull();
    expect(sampleInput('jobDescription', 'abcde')).toEqual({
      field: 'jobDescription',
      length: 5,
      value: 'abcde',
    });
    expect(sampleInput('jobDescription', 'abcdef')).toBeNull();
  });

  it('truncates a value to 10 characters', () => {
    expect(sampleInput('notes', 'a'.repeat(15))).toEqual({
      field: 'notes',
      length: 15,
      value: 'a'.repeat(10),
    });
  });

  it('never sends the text of a name, e-mail, phone or address', () => {
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'address']) {
      const sample = sampleInput(field, 'alex@example.com'.slice(0, 15));
      expect(sample).toEqual({ field, length: 15 });
    }
  });
});
