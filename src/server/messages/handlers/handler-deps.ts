import type { MessagingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { DeliveryLog } from '#server/integrations/delivery.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';

/** What every channel handler works with. */
export interface HandlerDeps {
  db: Db;
  secrets: SettingSecrets;
  endpoints: MessagingConfig;
  /** Where customers and staff open the app (manage links, lead links). */
  appUrl: string;
  log: DeliveryLog;
  now: () => Date;
  /** Name resolution for the outbound address check; tests inject one, else the system's. */
  resolve?: Resolve | undefined;
}
