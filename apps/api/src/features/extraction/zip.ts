/**
 * Minimal ZIP reader for DOCX/XLSX. `readZipDirectory` only reads the central directory (names
 * and the sizes the archive CLAIMS), so an obvious bomb is rejected before anything is inflated.
 * `inflateEntries` then inflates every entry as a zip library would, counting the bytes it REALLY
 * produces without keeping them, because the claimed sizes can be lies.
 */
import { createInflateRaw } from 'node:zlib';
import type { ExtractionLimits } from './limits.ts';

export type ZipEntry = {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated */
  method: number;
  flags: number;
  localHeaderOffset: number;
};

export type ZipLimits = Pick<
  ExtractionLimits,
  'zipEntries' | 'zipTotalBytes' | 'zipClaimedRatio' | 'zipClaimedRatioMinBytes'
>;

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CDH_SIG = 0x02014b50;
const LFH_SIG = 0x04034b50;

export class ZipFormatError extends Error {}
export class ZipTooLargeError extends Error {}

function u64(buf: Buffer, offset: number): number {
  const value = buf.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER;
  return Number(value);
}

/**
 * Reads the central directory; throws ZipTooLargeError as soon as a CLAIMED size or the entry
 * count crosses a limit.
 */
export function readZipDirectory(buf: Buffer, limits: ZipLimits): ZipEntry[] {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  let count = buf.readUInt16LE(eocd + 10);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== ZIP64_LOCATOR_SIG)
      throw new ZipFormatError('bad zip64');
    const z64 = u64(buf, loc + 8);
    if (z64 + 56 > buf.length || buf.readUInt32LE(z64) !== ZIP64_EOCD_SIG) {
      throw new ZipFormatError('bad zip64 record');
    }
    count = u64(buf, z64 + 32);
    cdOffset = u64(buf, z64 + 48);
  }
  if (count > limits.zipEntries) throw new ZipTooLargeError('too many entries');

  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CDH_SIG) {
      throw new ZipFormatError('bad central directory');
    }
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localHeaderOffset = buf.readUInt32LE(p + 42);
    const nameEnd = p + 46 + nameLen;
    if (nameEnd + extraLen > buf.length) throw new ZipFormatError('bad entry');
    const name = buf.toString('utf8', p + 46, nameEnd);
    if (
      uncompressedSize === 0xffffffff ||
      compressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff
    ) {
      // ZIP64 extended information extra field (id 0x0001)
      let e = nameEnd;
      const extraEnd = nameEnd + extraLen;
      while (e + 4 <= extraEnd) {
        const id = buf.readUInt16LE(e);
        const size = buf.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          if (uncompressedSize === 0xffffffff && q + 8 <= extraEnd) {
            uncompressedSize = u64(buf, q);
            q += 8;
          }
          if (compressedSize === 0xffffffff && q + 8 <= extraEnd) {
            compressedSize = u64(buf, q);
            q += 8;
          }
          if (localHeaderOffset === 0xffffffff && q + 8 <= extraEnd) {
            localHeaderOffset = u64(buf, q);
          }
          break;
        }
        e += 4 + size;
      }
    }
    total += uncompressedSize;
    if (total > limits.zipTotalBytes) throw new ZipTooLargeError('too large unpacked');
    if (
      uncompressedSize > limits.zipClaimedRatioMinBytes &&
      uncompressedSize / Math.max(compressedSize, 1) > limits.zipClaimedRatio
    ) {
      throw new ZipTooLargeError('compression ratio too high');
    }
    entries.push({ name, compressedSize, uncompressedSize, method, flags, localHeaderOffset });
    p = nameEnd + extraLen + commentLen;
  }
  return entries;
}

/** The real inflated size of an entry or of all entries passed `zipEntryBytes` / `zipTotalBytes`. */
export class ZipLimitError extends Error {
  constructor(readonly limit: 'entry' | 'total') {
    super(`zip ${limit} limit`);
  }
}

/**
 * Inflates every entry the way JSZip (mammoth, exceljs) does — data after the LOCAL header,
 * `compressedSize` bytes as the central directory says — and counts the bytes produced, stopping
 * at the first limit crossed (ZipLimitError). Memory stays small: output is only counted, and
 * shown to `onData`, which may return true to stop early (the caller then throws its own error).
 * Entries a library could not read either (unknown method, encrypted, bad header) are skipped.
 */
export async function inflateEntries(
  buf: Buffer,
  entries: readonly ZipEntry[],
  limits: Pick<ExtractionLimits, 'zipEntryBytes' | 'zipTotalBytes'>,
  onData?: (entry: ZipEntry, chunk: Buffer) => boolean | void,
): Promise<{ bytes: number; stopped: boolean }> {
  let total = 0;
  for (const entry of entries) {
    const start = dataStart(buf, entry);
    if (start === null || entry.flags & 1) continue;
    const data = buf.subarray(start, Math.min(buf.length, start + entry.compressedSize));
    const max = Math.min(limits.zipEntryBytes, limits.zipTotalBytes - total);
    let bytes: number;
    let stopped = false;
    if (entry.method === 0) {
      bytes = data.length;
      if (bytes <= max) stopped = onData?.(entry, data) === true;
    } else if (entry.method === 8) {
      ({ bytes, stopped } = await inflateCounting(data, max, (c) => onData?.(entry, c) === true));
    } else continue;
    if (bytes > max) {
      throw new ZipLimitError(bytes > limits.zipEntryBytes ? 'entry' : 'total');
    }
    total += bytes;
    if (stopped) return { bytes: total, stopped };
  }
  return { bytes: total, stopped: false };
}

function dataStart(buf: Buffer, entry: ZipEntry): number | null {
  const p = entry.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LFH_SIG) return null;
  return p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
}

/**
 * Raw-inflates `data`, counting the output; gives up once it passes `max` (bytes > max) or when
 * `onChunk` returns true. Damaged data ends the count quietly: a library would fail there too.
 */
function inflateCounting(
  data: Buffer,
  max: number,
  onChunk: (chunk: Buffer) => boolean,
): Promise<{ bytes: number; stopped: boolean }> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let bytes = 0;
    let done = false;
    const finish = (stopped: boolean) => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve({ bytes, stopped });
    };
    inflate.on('data', (chunk: Buffer) => {
      if (done) return;
      bytes += chunk.length;
      if (bytes > max) finish(false);
      else if (onChunk(chunk)) finish(true);
    });
    inflate.on('end', () => finish(false));
    inflate.on('error', () => finish(false));
    inflate.end(data);
  });
}
