import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

const file = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
const header = `# Benchmarks

Measured by the scripts in \`bench/\` (\`npm run bench\` runs them all); each section below is
rewritten by its script. Numbers are from the machine named in the section: compare runs on
one machine, not across machines.
`;

/**
 * Replaces (or appends) the section between this benchmark's markers in docs/benchmarks.md, and
 * formats the file so `prettier --check` stays clean.
 */
export async function writeSection(name: string, body: string) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const section = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}\n`;
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(next, options));
}

export function machine(): string {
  const cpu =
    readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.+)/)?.[1] ?? 'unknown CPU';
  return `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu}`;
}
