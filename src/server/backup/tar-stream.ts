import type { Writable } from 'node:stream';

// A minimal ustar writer and reader: the archive holds only regular files with the names this
// module writes, so the rest of tar (links, devices, long-name extensions) is refused, not handled.

const block = 512;
const nameBytes = 100;
const prefixBytes = 155;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(block);
  let [prefix, base] = ['', name];
  if (Buffer.byteLength(name) > nameBytes) {
    const cut = name.lastIndexOf('/', prefixBytes);
    [prefix, base] = [name.slice(0, cut), name.slice(cut + 1)];
  }
  if (Buffer.byteLength(base) > nameBytes || Buffer.byteLength(prefix) > prefixBytes) {
    throw new Error(`name too long for the archive: ${name}`);
  }
  header.write(base, 0, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 'ascii');
  return header;
}

export const tarPadding = (size: number) => Buffer.alloc((block - (size % block)) % block);
/** Two zero blocks end an archive. */
export const tarEnd = () => Buffer.alloc(block * 2);

/** Writes with back-pressure: resolves once `stream` takes more. */
export function writeTo(stream: Writable, chunk: Buffer): Promise<void> | undefined {
  if (stream.write(chunk)) return undefined;
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => (stream.off('drain', onDrain), reject(err));
    const onDrain = () => (stream.off('error', onError), resolve());
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

export interface TarEntryHandler {
  begin(name: string, size: number): void;
  data(chunk: Buffer): void;
  end(): void;
}

export class ArchiveError extends Error {}

/** Parses a tar stream pushed chunk by chunk, calling `handler` for each regular file. */
export class TarReader {
  #pending = Buffer.alloc(0);
  #remaining = 0; // bytes of the current entry's data still to come
  #padding = 0;
  #ended = false;

  constructor(private readonly handler: TarEntryHandler) {}

  push(chunk: Buffer) {
    let input = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pending = Buffer.alloc(0);
    while (input.length > 0) {
      if (this.#remaining > 0) {
        const take = Math.min(this.#remaining, input.length);
        this.handler.data(input.subarray(0, take));
        input = input.subarray(take);
        this.#remaining -= take;
        if (this.#remaining === 0) this.handler.end();
        continue;
      }
      if (this.#padding > 0) {
        const skip = Math.min(this.#padding, input.length);
        input = input.subarray(skip);
        this.#padding -= skip;
        continue;
      }
      if (input.length < block) {
        this.#pending = Buffer.from(input);
        return;
      }
      const header = input.subarray(0, block);
      input = input.subarray(block);
      if (this.#ended || header.every((byte) => byte === 0)) {
        this.#ended = true;
        continue;
      }
      this.#begin(header);
    }
  }

  /** Throws unless the archive ended where a tar archive ends. */
  finish() {
    if (!this.#ended || this.#remaining > 0 || this.#pending.length > 0) {
      throw new ArchiveError('the archive is cut short (truncated)');
    }
  }

  #begin(header: Buffer) {
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    let sum = 0;
    header.forEach((byte, i) => (sum += i >= 148 && i < 156 ? 32 : byte));
    if (parseInt(field(148, 8).trim(), 8) !== sum) throw new ArchiveError('a damaged entry header');
    const type = field(156, 1);
    if (type !== '0' && type !== '') throw new ArchiveError(`an entry of unexpected type ${type}`);
    const prefix = field(345, prefixBytes);
    const name = prefix ? `${prefix}/${field(0, nameBytes)}` : field(0, nameBytes);
    const size = parseInt(field(124, 12).trim(), 8);
    if (!Number.isSafeInteger(size)) throw new ArchiveError('a damaged entry header');
    this.handler.begin(name, size);
    this.#remaining = size;
    this.#padding = (block - (size % block)) % block;
    if (size === 0) this.handler.end();
  }
}
