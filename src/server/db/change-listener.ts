import type { Client } from 'pg';

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/**
 * LISTEN on its own connection (a pooled one would be handed to queries and lose it), calling
 * `onNotify` for every NOTIFY on `channel` from any process using this database. When the
 * connection drops, notifications sent meanwhile are lost: `onNotify` is called once the
 * connection is back (the listener cannot know what it missed), retried every second.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<Unlisten> {
  const { Client: PgClient } = await import('pg');
  let client: Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new PgClient({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    // 'error' then 'end' when the server goes away; without a handler it would end the process
    next.on('error', (err) => console.warn(`LISTEN ${channel} connection lost: ${err.message}`));
    next.on('end', () => {
      if (!closed && client === next) reconnectSoon();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reconnectSoon = () => {
    client = undefined;
    retry = setTimeout(() => {
      connect().then(onNotify, () => reconnectSoon());
    }, 1000);
    retry.unref();
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
