import { sql } from 'drizzle-orm';
import { clickIdParams } from '#shared/attribution/attribution.ts';

// SQL for the data minimisation (APP 11), shared by the writers of the tables it sweeps.

/**
 * An address with its host part gone: IPv4 to its /24 (last octet 0), IPv6 to its /48. Text
 * that is not an address is left as it is (guarded before the cast, which would fail on it).
 */
export const truncatedIp = (column: ReturnType<typeof sql.raw>) => sql`case
  when ${column} ~ '^(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}$'
    then host(network(set_masklen(${column}::inet, 24)))
  when ${column} ~ '^[0-9a-fA-F:]+$' and ${column} like '%:%:%' and ${column} not like '%:::%'
    then host(network(set_masklen(${column}::inet, 48)))
  else ${column} end`;

/** A URL without its click-id query parameters (utm tags and the rest stay). */
const names = clickIdParams.join('|');
export const withoutClickIds = (column: ReturnType<typeof sql.raw>) =>
  sql`regexp_replace(regexp_replace(${column}, ${`([?&])(${names})=[^&#]*&?`}, '\\1', 'g'), '[?&]+(#|$)', '\\1')`;
export const hasClickIdIn = (column: ReturnType<typeof sql.raw>) =>
  sql`${column} ~ ${`[?&](${names})=`}`;
