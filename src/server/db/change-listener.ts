import type { Client } from 'pg';

/** A LISTEN under way. */
export interface Listening {
  /** Stops listening. */
  unlisten(): Promise<void>;
  /**
   * PostgreSQL: NOTIFY on the listening connection itself, so this process receives it after the
   * notifications of every transaction that committed before it (ADR 051). PGlite has none: its
   * notifications reach the callback as the writing statement returns.
   */
  notify?(payload: string): Promise<void>;
}

/**
 * LISTEN on its own connection (a pooled one would be handed to queries and lose it), calling
 * `onNotify` for every NOTIFY on `channel` from any process using this database. When the
 * connection drops, notifications sent meanwhile are lost: `onNotify` is called once the
 * connection is back (the listener cannot know what it missed), retried every second.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
): Promise<Listening> {
  const { Client: PgClient } = await import('pg');
  let client: Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new PgClient({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
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
      connect().then(
        () => onNotify(),
        () => reconnectSoon(),
      );
    }, 1000);
    retry.unref();
  };

  await connect();
  return {
    async unlisten() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
    async notify(payload) {
      if (!client) throw new Error(`LISTEN ${channel} connection is down`);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}
