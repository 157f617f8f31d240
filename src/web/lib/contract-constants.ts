import type { honeypotField } from '#shared/contact/contact.contract.ts';

// The contract modules build zod schemas when imported, and zod is too heavy for the first
// screen. These copies are checked against the contract at compile time (`typeof` is type-only),
// so they cannot drift.
export const honeypotName: typeof honeypotField = 'website';
