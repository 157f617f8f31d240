import { describe, expect, it } from 'vitest';
import { detailsFormSchema, detailsMessages, detailsSchemaFor } from './details.contract';
import { estimateRequestSchema } from './estimate.contract';

const valid = {
  glassCount: 2,
  painPoint: 'uv-privacy',
  measurements: [{ length: 1200, width: 800, sqm: 0.96 }],
};

function messagesFor(input: Record<string, unknown>, path: string): string[] {
  const result = detailsFormSchema.safeParse({ ...valid, ...input });
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path.join('.') === path)
    .map((issue) => issue.message);
}

describe('Details messages (issue 15 item 5)', () => {
  it('keeps the spec message for a missing or too small pane count', () => {
    expect(messagesFor({ glassCount: undefined }, 'glassCount')).toEqual([
      detailsMessages.glassCountMin,
    ]);
    expect(messagesFor({ glassCount: 0 }, 'glassCount')).toEqual(['Must have at least 1 pane']);
    expect(messagesFor({ glassCount: 51 }, 'glassCount')).toEqual(['Cannot exceed 50 panes']);
  });

  it('says a pane count must be a whole number for 2.5 or abc', () => {
    for (const glassCount of [2.5, Number.NaN, 'abc']) {
      expect(messagesFor({ glassCount }, 'glassCount')).toEqual([
        'Enter the number of panes as a whole number, like 3',
      ]);
    }
  });

  it('says a 99,999 × 99,999 mm pane is larger than any real window, with the limits', () => {
    const pane = { length: 99_999, width: 99_999, sqm: 9_999.8 };
    const result = detailsFormSchema.safeParse({ ...valid, measurements: [pane] });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'Length cannot exceed 20000 mm: that is larger than any real window',
      'Width cannot exceed 20000 mm: that is larger than any real window',
      'This pane is larger than any real window: its area cannot exceed 400 m²',
    ]);
    expect(messages).not.toContain(detailsMessages.sqmPositive);
  });
});

describe('pane count and measured panes agree (issue 15 item 9)', () => {
  const pane = { length: 1000, width: 1000, sqm: 1 };
  it('refuses more measured panes than the count, on the count, saying how many', () => {
    expect(messagesFor({ glassCount: 2, measurements: [pane, pane, pane] }, 'glassCount')).toEqual([
      'You have measured 3 panes: the number of glass panes must be at least 3',
    ]);
  });

  it('accepts as many or fewer (the others are estimated from the average)', () => {
    expect(
      detailsFormSchema.safeParse({ ...valid, glassCount: 3, measurements: [pane, pane, pane] })
        .success,
    ).toBe(true);
    expect(
      detailsFormSchema.safeParse({ ...valid, glassCount: 5, measurements: [pane] }).success,
    ).toBe(true);
  });

  it('checks the estimate request and the consultation body the same way', () => {
    const sessionId = '6f1c1c3e-8a59-4c1b-9d43-0d7a3f7c2b10';
    const three = { ...valid, glassCount: 2, measurements: [pane, pane, pane] };
    expect(estimateRequestSchema.safeParse({ ...three, sessionId }).success).toBe(false);
    expect(detailsSchemaFor('consultation').safeParse(three).success).toBe(false);
    expect(detailsSchemaFor('consultation').safeParse({ ...three, measurements: [] }).success).toBe(
      true,
    );
  });
});
