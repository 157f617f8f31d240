import { describe, expect, it } from 'vitest';
import { stillWrong } from './use-error-summary';

describe('stillWrong (issue 15 item 5: the summary drops fixed fields at once)', () => {
  const listed = [
    { inputId: 'glassCount', message: 'Must have at least 1 pane' },
    { inputId: 'measurements-0-length', message: 'Pane 1: Length must be positive' },
  ];

  it('drops an entry whose field is fixed, without waiting for a submit', () => {
    const current = [
      { inputId: 'measurements-0-length', message: 'Pane 1: Length must be positive' },
    ];
    expect(stillWrong(listed, current)).toEqual(current);
  });

  it('shows the message the field has now, and nothing once all are fixed', () => {
    const current = [
      { inputId: 'glassCount', message: 'Enter the number of panes as a whole number, like 3' },
    ];
    expect(stillWrong(listed, current)).toEqual(current);
    expect(stillWrong(listed, [])).toEqual([]);
  });

  it('does not add a field that went wrong after the submit', () => {
    const current = [{ inputId: 'jobDescription', message: 'Too long' }];
    expect(stillWrong(listed, current)).toEqual([]);
  });

  it('keeps an entry whose link moved while it was shown (the concerns loaded after the submit)', () => {
    const message = 'Please select your main concern';
    const beforeTheList = [{ inputId: 'painPoint-group', message, field: 'painPoint' }];
    const current = [{ inputId: 'painPoint-thermal', message, field: 'painPoint' }];
    expect(stillWrong(beforeTheList, current)).toEqual(current);
  });
});
