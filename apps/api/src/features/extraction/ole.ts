/**
 * Reads the stream names of an OLE2 compound file (old .doc/.xls, and encrypted
 * Office 2007+ files, which are OLE2 containers holding an "EncryptedPackage").
 * Returns null when the directory cannot be read.
 */
export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function readOleStreamNames(buf: Buffer): string[] | null {
  try {
    if (buf.length < 512 || !buf.subarray(0, 8).equals(OLE_MAGIC)) return null;
    const sectorShift = buf.readUInt16LE(0x1e);
    if (sectorShift !== 9 && sectorShift !== 12) return null;
    const sectorSize = 1 << sectorShift;
    const sectorOffset = (s: number) => (s + 1) * sectorSize;
    const numFatSectors = buf.readUInt32LE(0x2c);
    const firstDirSector = buf.readUInt32LE(0x30);
    // The FAT sectors listed in the header DIFAT (first 109) are enough for files up to ~7 MB
    // of directory chain reach; beyond that we give up (null) rather than walk the DIFAT chain.
    const fatSectors: number[] = [];
    for (let i = 0; i < Math.min(numFatSectors, 109); i++) {
      fatSectors.push(buf.readUInt32LE(0x4c + i * 4));
    }
    const perFat = sectorSize / 4;
    const next = (s: number): number | null => {
      const fatIndex = Math.floor(s / perFat);
      const fatSector = fatSectors[fatIndex];
      if (fatSector === undefined) return null;
      const off = sectorOffset(fatSector) + (s % perFat) * 4;
      if (off + 4 > buf.length) return null;
      return buf.readUInt32LE(off);
    };
    const names: string[] = [];
    let s: number | null = firstDirSector;
    for (let guard = 0; s !== null && s < 0xfffffffa && guard < 10_000; guard++) {
      const base = sectorOffset(s);
      if (base + sectorSize > buf.length) return names.length ? names : null;
      for (let off = base; off < base + sectorSize; off += 128) {
        const nameLen = buf.readUInt16LE(off + 0x40);
        const type = buf[off + 0x42];
        if (nameLen >= 2 && nameLen <= 64 && type !== 0) {
          names.push(buf.toString('utf16le', off, off + nameLen - 2));
        }
      }
      s = next(s);
    }
    return names;
  } catch {
    return null;
  }
}
