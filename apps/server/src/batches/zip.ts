import { crc32 } from 'node:zlib';

/** One file of a ZIP: its name and a loader called only when the file's turn comes. */
export interface ZipEntry {
  name: string;
  load(): Promise<Uint8Array | null>;
}

const UTF8_NAMES = 0x0800;
const LIMIT = 0xffffffff;

/** MS-DOS time and date fields of a moment (ZIP has no time zone; UTC is used). */
function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date:
      (Math.max(0, date.getUTCFullYear() - 1980) << 9) |
      ((date.getUTCMonth() + 1) << 5) |
      date.getUTCDate(),
  };
}

interface EntryFields {
  crc: number;
  size: number;
  nameLength: number;
  stamp: { time: number; date: number };
}

/**
 * The 26 bytes a local header and its central directory record share, in the same order
 * (version needed, flags, method, time, date, CRC, sizes, name length, extra length).
 */
function writeEntryFields(buf: Buffer, at: number, f: EntryFields): void {
  buf.writeUInt16LE(20, at);
  buf.writeUInt16LE(UTF8_NAMES, at + 2);
  buf.writeUInt16LE(0, at + 4);
  buf.writeUInt16LE(f.stamp.time, at + 6);
  buf.writeUInt16LE(f.stamp.date, at + 8);
  buf.writeUInt32LE(f.crc, at + 10);
  buf.writeUInt32LE(f.size, at + 14);
  buf.writeUInt32LE(f.size, at + 18);
  buf.writeUInt16LE(f.nameLength, at + 22);
  buf.writeUInt16LE(0, at + 24);
}

/**
 * A store-only (uncompressed) ZIP, written as a stream: each entry is loaded, sent with its
 * local header and dropped, so memory holds one file at a time; the central directory (a few
 * dozen bytes per entry) follows at the end. Vector outputs are small and PDF is compressed
 * already, so storing costs little. Entries whose loader returns null are left out.
 */
export async function* zipStream(
  entries: Iterable<ZipEntry>,
  now = new Date(),
): AsyncGenerator<Buffer> {
  const stamp = dosTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const data = await entry.load();
    if (!data) continue;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    if (data.byteLength >= LIMIT || offset >= LIMIT) throw new Error('ZIP64 is not supported');
    const fields = { crc, size: data.byteLength, nameLength: name.length, stamp };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    writeEntryFields(header, 6, fields);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    yield Buffer.concat([local, name]);
    yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    offset += local.length + name.length + data.byteLength;
    count++;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}

/** Names unique within one archive: "logo.svg", "logo (2).svg", ... */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}
