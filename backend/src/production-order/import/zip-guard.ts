import { inflateRawSync } from 'node:zlib';

/**
 * Reads a zip's central directory and refuses archives that would inflate to far more than they
 * weigh: an .xlsx is a zip, and ExcelJS would otherwise inflate whatever it is given. Only when
 * the directory is within the limits is each entry inflated — one at a time, discarded at once,
 * and never past the size the directory declares — so a directory that lies about sizes cannot
 * make the streaming reader that runs afterwards inflate more than the limits either.
 */

export interface ZipLimits {
  /** Sum of the entries' uncompressed sizes. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Largest uncompressed ÷ compressed ratio of one entry (for entries above 1 MiB). */
  maxRatio: number;
}

export const XLSX_ZIP_LIMITS: ZipLimits = { maxTotalBytes: 64 * 1024 * 1024, maxEntries: 200, maxRatio: 100 };

export type ZipProblem =
  | { kind: 'notZip' }
  | { kind: 'tooManyEntries'; entries: number; max: number }
  | { kind: 'tooLarge'; bytes: number; max: number }
  | { kind: 'ratio'; entry: string; ratio: number; max: number }
  | { kind: 'sizeMismatch'; entry: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;

/** Null when the archive is within the limits, else what is wrong with it. */
export function checkZip(buffer: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS): ZipProblem | null {
  // The end-of-central-directory record: in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at--) {
    if (buffer.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return { kind: 'notZip' };
  // Zip64 (sizes beyond 4 GiB or 65535 entries) is never a legitimate import file.
  if (eocd >= 20 && buffer.readUInt32LE(eocd - 20) === ZIP64_EOCD_LOCATOR) return { kind: 'tooLarge', bytes: Infinity, max: limits.maxTotalBytes };
  const entries = buffer.readUInt16LE(eocd + 10);
  const directorySize = buffer.readUInt32LE(eocd + 12);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return { kind: 'tooLarge', bytes: Infinity, max: limits.maxTotalBytes };
  if (entries > limits.maxEntries) return { kind: 'tooManyEntries', entries, max: limits.maxEntries };
  if (directoryOffset + directorySize > eocd) return { kind: 'notZip' };

  let total = 0;
  let at = directoryOffset;
  const entriesToVerify: { name: string; method: number; localOffset: number; compressed: number; uncompressed: number }[] = [];
  for (let index = 0; index < entries; index++) {
    if (at + 46 > eocd || buffer.readUInt32LE(at) !== CENTRAL) return { kind: 'notZip' };
    const compressed = buffer.readUInt32LE(at + 20);
    const uncompressed = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const name = buffer.toString('utf8', at + 46, Math.min(at + 46 + nameLength, eocd));
    const method = buffer.readUInt16LE(at + 10);
    const localOffset = buffer.readUInt32LE(at + 42);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return { kind: 'tooLarge', bytes: Infinity, max: limits.maxTotalBytes };
    total += uncompressed;
    if (total > limits.maxTotalBytes) return { kind: 'tooLarge', bytes: total, max: limits.maxTotalBytes };
    if (uncompressed > 1024 * 1024) {
      const ratio = uncompressed / Math.max(1, compressed);
      if (ratio > limits.maxRatio) return { kind: 'ratio', entry: name, ratio: Math.round(ratio), max: limits.maxRatio };
    }
    entriesToVerify.push({ name, method, localOffset, compressed, uncompressed });
    at += 46 + nameLength + extraLength + commentLength;
  }
  for (const entry of entriesToVerify) if (!inflatesAsDeclared(buffer, entry)) return { kind: 'sizeMismatch', entry: entry.name };
  return null;
}

/** Inflates one entry (capped at its declared size) and checks it yields exactly that size. */
function inflatesAsDeclared(buffer: Buffer, entry: { method: number; localOffset: number; compressed: number; uncompressed: number }): boolean {
  const at = entry.localOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL) return false;
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const data = buffer.subarray(start, start + entry.compressed);
  if (data.length !== entry.compressed) return false;
  if (entry.method === 0) return entry.compressed === entry.uncompressed;
  if (entry.method !== 8) return false;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressed) }).length === entry.uncompressed;
  } catch {
    // Beyond the declared size (ERR_BUFFER_TOO_LARGE) or not deflate data at all.
    return false;
  }
}
