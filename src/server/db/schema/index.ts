// One schema for PGlite and PostgreSQL. Instants are timestamptz (UTC), money integer cents.
export * from './bookings';
export * from './catalogue';
export * from './customer-journey';
export * from './visit-tracking';
export * from './staff';
export * from './messages';
export * from './privacy';
export * from './lead-search';
export * from './consultants';
export * from './calendars';
export * from './campaign-links';
export * from './backups';
