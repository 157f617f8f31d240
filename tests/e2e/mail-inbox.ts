import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { mailDir } from './mail-sink';

// What the e2e mail server (tests/e2e/mail-sink.ts) received this run, parsed as a mail client
// would. Every spec's bookings e-mail the same server, so a spec picks its own by recipient.

const parsed = new Map<string, Promise<ParsedMail>>();

async function receivedMail(): Promise<ParsedMail[]> {
  const dir = mailDir();
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
  for (const name of names) {
    if (!parsed.has(name)) parsed.set(name, readFile(join(dir, name)).then(simpleParser));
  }
  return Promise.all(names.map((name) => parsed.get(name)!));
}

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((address) => address.address ?? ''));

/** The first e-mail to this address whose subject starts so, once it has arrived. */
export async function waitForMail(
  to: string,
  subject: string,
  timeout = 45_000,
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const mail = await receivedMail();
        found = mail.find(
          (m) => recipients(m).includes(to) && (m.subject ?? '').startsWith(subject),
        );
        return found !== undefined;
      },
      { message: `an e-mail "${subject}…" to ${to}`, timeout },
    )
    .toBe(true);
  return found!;
}
