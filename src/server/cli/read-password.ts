/**
 * Reads a password without showing it. On a terminal it is typed with echo off (raw mode, so
 * nothing reaches the screen or the shell history); otherwise the first line of standard input
 * is taken, so scripts and tests can pipe it in (`printf '%s\n' "$PASSWORD" | npm run staff …`).
 */
export async function readPassword(prompt: string, options: { confirm?: boolean } = {}) {
  if (!process.stdin.isTTY) return readFirstLine();
  const password = await typeHidden(prompt);
  if (options.confirm && (await typeHidden('Type it again: ')) !== password) {
    throw new CliError('The two passwords differ; nothing was changed.');
  }
  return password;
}

/** A refusal the CLI prints as it is, without a stack trace. */
export class CliError extends Error {}

let pipedLines: Promise<string[]> | undefined;

async function readFirstLine(): Promise<string> {
  pipedLines ??= (async () => {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/);
  })();
  const lines = await pipedLines;
  return lines.shift() ?? '';
}

function typeHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  // echo off before the prompt appears, so nothing typed early is shown
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  stdout.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004')
          return finish(() => resolve(typed));
        if (char === '\u0003') return finish(() => reject(new CliError('Cancelled.')));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
