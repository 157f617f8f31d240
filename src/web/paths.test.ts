import { describe, expect, it } from 'vitest';
import { customerPages } from '#shared/embed/embed-origins.ts';
import { paths } from './paths';

describe('the customer pages the embed may frame', () => {
  it('are exactly the customer flow of the router (staff screens never)', () => {
    const { home, contact, measurement, files, estimate, booking, confirmation, reschedule } =
      paths;
    expect([...customerPages].sort()).toEqual(
      [home, contact, measurement, files, estimate, booking, confirmation, reschedule].sort(),
    );
  });
});
