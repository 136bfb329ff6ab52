/**
 * Builders of hostile files ("decompression bombs") for the extraction tests and
 * `scripts/bench-upload-bombs.ts`; not used by the server. Long runs of one string are deflated
 * a block at a time, so a file that inflates to 1 GB is built without ever holding 1 GB.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflate, createDeflateRaw, deflateSync } from 'node:zlib';

/** `times` copies of `repeat` */
export type Run = { repeat: string; times: number };
/** `times` strings made by `make(0)`, `make(1)`… */
type Series = { make: (i: number) => string; times: number };
type Piece = string | Buffer | Run | Series;

type Deflated = { data: Buffer; size: number; crc: number };

/** zlib (PDF /FlateDecode) or, with `raw`, raw deflate (zip) of the pieces, level 9 */
async function deflate(pieces: Piece[], raw = false): Promise<Deflated> {
  const z = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const ended = once(z, 'end');
  let size = 0;
  let crc = 0;
  const write = async (b: Buffer) => {
    size += b.length;
    crc = crc32(b, crc);
    if (!z.write(b)) await once(z, 'drain');
  };
  for (const piece of pieces) {
    if (typeof piece === 'string' || Buffer.isBuffer(piece)) {
      await write(Buffer.from(piece));
      continue;
    }
    if ('make' in piece) {
      let block = '';
      for (let i = 0; i < piece.times; i++) {
        block += piece.make(i);
        if (block.length >= 1 << 22) {
          await write(Buffer.from(block));
          block = '';
        }
      }
      await write(Buffer.from(block));
      continue;
    }
    const unit = Buffer.from(piece.repeat);
    const perBlock = Math.max(1, Math.floor((4 * 1024 * 1024) / unit.length));
    const block = Buffer.alloc(Math.min(perBlock, piece.times) * unit.length, unit);
    for (let left = piece.times; left > 0; left -= perBlock) {
      await write(left >= perBlock ? block : block.subarray(0, left * unit.length));
    }
  }
  z.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

/**
 * A one-page PDF (Helvetica) whose page content, a /FlateDecode stream, shows `text` and is then
 * padded with `padding` spaces: the page inflates to about `padding` bytes. With `imageBytes`,
 * the page also draws a photo-like image: that many random (incompressible) RGB bytes, deflated.
 * With `encrypt`, the streams are RC4-encrypted with an empty user password (anyone can open it,
 * as with many published PDFs), so the raw file shows no deflate data at all.
 */
export async function flatePdf(options: {
  text?: string;
  padding?: number;
  imageBytes?: number;
  encrypt?: boolean;
}): Promise<Buffer> {
  const text = (options.text ?? 'Hello from a small PDF page.').replace(/[\\()]/g, (c) => `\\${c}`);
  const side = options.imageBytes ? Math.floor(Math.sqrt(options.imageBytes / 3)) : 0;
  const content = await deflate([
    `BT /F1 12 Tf 72 720 Td (${text}) Tj ET\n`,
    side ? 'q 300 0 0 300 72 300 cm /Im1 Do Q\n' : '',
    { repeat: ' ', times: options.padding ?? 0 },
  ]);
  const objects: { dict: string; stream?: Buffer }[] = [
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [4 0 R] /Count 1 >>' },
    { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' },
    {
      dict:
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >>' +
        `${side ? ' /XObject << /Im1 6 0 R >>' : ''} >> /Contents 5 0 R >>`,
    },
    { dict: `<< /Length ${content.data.length} /Filter /FlateDecode >>`, stream: content.data },
  ];
  if (side) {
    const pixels = deflateSync(randomBytes(side * side * 3), { level: 1 });
    objects.push({
      dict:
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB` +
        ` /BitsPerComponent 8 /Length ${pixels.length} /Filter /FlateDecode >>`,
      stream: pixels,
    });
  }
  let trailer = '';
  if (options.encrypt) {
    const security = standardSecurity();
    objects.forEach((o, i) => {
      if (o.stream) o.stream = security.encrypt(i + 1, o.stream);
    });
    objects.push({ dict: security.dict });
    trailer = ` /Encrypt ${objects.length} 0 R /ID [<${security.id}> <${security.id}>]`;
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const offsets: number[] = [];
  objects.forEach(({ dict, stream }, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${dict}\n`, 'latin1'));
    if (stream)
      push(Buffer.concat([Buffer.from('stream\n'), stream, Buffer.from('\nendstream\n')]));
    push(Buffer.from('endobj\n'));
  });
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

/** The PDF standard security handler, revision 2 (RC4, 40-bit key), empty user password. */
function standardSecurity() {
  const pad = Buffer.from(
    '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
    'hex',
  );
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const id = randomBytes(16);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const ownerPassword = Buffer.from('owner-secret');
  const ownerKey = md5(ownerPassword, pad.subarray(0, 32 - ownerPassword.length)).subarray(0, 5);
  const owner = rc4(ownerKey, pad);
  const key = md5(pad, owner, permissions, id).subarray(0, 5);
  const user = rc4(key, pad);
  return {
    id: id.toString('hex'),
    dict:
      `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}>` +
      ' /P -44 >>',
    encrypt(objectId: number, data: Buffer) {
      const ref = Buffer.from([objectId & 0xff, (objectId >> 8) & 0xff, objectId >> 16, 0, 0]);
      return rc4(md5(key, ref).subarray(0, 10), data);
    },
  };
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

/** `claim`: the uncompressed size written in BOTH the local and the central header (a lie) */
type ZipPart = { name: string; pieces: Piece[]; claim?: number };

/** A zip of deflated entries, written by hand so that its headers can lie about their sizes. */
async function zipWithClaims(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflate(part.pieces, true);
    const name = Buffer.from(part.name);
    const header = (sig: number, len: number, at: number) => {
      const h = Buffer.alloc(len);
      h.writeUInt32LE(sig, 0);
      h.writeUInt16LE(20, at); // version needed
      h.writeUInt16LE(8, at + 4); // deflate
      h.writeUInt16LE(0x21, at + 8); // 1980-01-01
      h.writeUInt32LE(crc, at + 10);
      h.writeUInt32LE(data.length, at + 14);
      h.writeUInt32LE(part.claim ?? size, at + 18);
      h.writeUInt16LE(name.length, at + 22);
      return h;
    };
    const local = header(0x04034b50, 30, 4);
    const central = header(0x02014b50, 46, 6);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/**
 * A DOCX whose word/document.xml holds `text` and then `padding` spaces of XML whitespace, with
 * headers that claim `claim` bytes (by default the truth).
 */
export function docxWithPadding(options: { text?: string; padding?: number; claim?: number }) {
  return zipWithClaims([
    {
      name: '[Content_Types].xml',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
    },
    {
      name: 'word/document.xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p><w:r><w:t>`,
        options.text ?? 'Hello from a small Word document.',
        '</w:t></w:r></w:p>',
        { repeat: ' ', times: options.padding ?? 0 },
        '</w:body></w:document>',
      ],
      ...(options.claim !== undefined && { claim: options.claim }),
    },
  ]);
}

/**
 * An XLSX of `sheets` sheets of `rows` × `cols` cells, written without a spreadsheet library.
 * Each cell holds the number 7, or with `cellText` an inline string of that run (so a sheet can
 * compress thousands of times). With `claim`, each sheet's headers claim that many bytes.
 */
export function xlsxOfSheets(options: {
  sheets: number;
  rows: number;
  cols: number;
  cellText?: Run;
  claim?: number;
}) {
  const { sheets, rows, cols, cellText, claim } = options;
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const names = Array.from({ length: sheets }, (_, i) => i + 1);
  const letters = Array.from({ length: cols }, (_, c) => columnName(c));
  const sheetData = (): Piece[] => {
    if (!cellText) {
      const row = (r: number) =>
        `<row r="${r}">${letters.map((l) => `<c r="${l}${r}" t="n"><v>7</v></c>`).join('')}</row>`;
      return [{ make: (i: number) => row(i + 1), times: rows }];
    }
    const pieces: Piece[] = [];
    for (let r = 1; r <= rows; r++) {
      pieces.push(`<row r="${r}">`);
      for (const l of letters)
        pieces.push(`<c r="${l}${r}" t="inlineStr"><is><t>`, cellText, '</t></is></c>');
      pieces.push('</row>');
    }
    return pieces;
  };
  return zipWithClaims([
    {
      name: '[Content_Types].xml',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          names
            .map(
              (n) =>
                `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} xmlns:r="${rel}"><sheets>` +
          names.map((n) => `<sheet name="Sheet${n}" sheetId="${n}" r:id="rId${n}"/>`).join('') +
          '</sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          names
            .map(
              (n) =>
                `<Relationship Id="rId${n}" Type="${rel}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
            )
            .join('') +
          '</Relationships>',
      ],
    },
    ...names.map((n) => ({
      name: `xl/worksheets/sheet${n}.xml`,
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>`,
        ...sheetData(),
        '</sheetData></worksheet>',
      ],
      ...(claim !== undefined && { claim }),
    })),
  ]);
}

/** 0 → A, 25 → Z, 26 → AA */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}
