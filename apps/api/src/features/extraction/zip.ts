/**
 * Minimal ZIP central-directory reader. It never inflates anything: it only reads the
 * entry names and the sizes the archive claims, so a zip bomb is rejected before any
 * library unpacks it.
 */
export type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number };

export type ZipLimits = {
  maxTotalUncompressed: number;
  maxEntries: number;
  maxRatio: number;
  ratioMinSize: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalUncompressed: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 100,
  ratioMinSize: 5 * 1024 * 1024,
};

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CDH_SIG = 0x02014b50;

export class ZipFormatError extends Error {}
export class ZipTooLargeError extends Error {}

function u64(buf: Buffer, offset: number): number {
  const value = buf.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER;
  return Number(value);
}

/** Reads the central directory; throws ZipTooLargeError as soon as a limit is crossed. */
export function readZipDirectory(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
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
  if (count > limits.maxEntries) throw new ZipTooLargeError('too many entries');

  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CDH_SIG) {
      throw new ZipFormatError('bad central directory');
    }
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const nameEnd = p + 46 + nameLen;
    if (nameEnd + extraLen > buf.length) throw new ZipFormatError('bad entry');
    const name = buf.toString('utf8', p + 46, nameEnd);
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff) {
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
          if (compressedSize === 0xffffffff && q + 8 <= extraEnd) compressedSize = u64(buf, q);
          break;
        }
        e += 4 + size;
      }
    }
    total += uncompressedSize;
    if (total > limits.maxTotalUncompressed) throw new ZipTooLargeError('too large unpacked');
    if (
      uncompressedSize > limits.ratioMinSize &&
      uncompressedSize / Math.max(compressedSize, 1) > limits.maxRatio
    ) {
      throw new ZipTooLargeError('compression ratio too high');
    }
    entries.push({ name, compressedSize, uncompressedSize });
    p = nameEnd + extraLen + commentLen;
  }
  return entries;
}
