import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { type ExtractionError, type Extractor, createExtractor } from './index.ts';
import { readOleStreamNames } from './ole.ts';
import { makeTextPdf } from '../../../test/fixtures/synthetic-pdf.ts';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(FIXTURES + name);

const MSG = {
  unsupported: 'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
  password: 'This file is password-protected. Please remove the password and upload it again.',
  scanned:
    'This PDF has no selectable text — it looks like a scanned document. Please upload a text-based PDF or a Word file.',
  bomb: 'This file is too large when unpacked and was rejected.',
};

let extractor: Extractor;
beforeAll(() => {
  extractor = createExtractor();
});
afterAll(async () => {
  await extractor.close();
});

async function extractFixture(name: string, fileName = name) {
  return extractor.extract({ data: fixture(name), fileName });
}

async function failure(data: Buffer, fileName: string, ex: Extractor = extractor) {
  try {
    await ex.extract({ data, fileName });
  } catch (err) {
    const e = err as ExtractionError;
    return { name: e.name, status: e.status, code: e.code, message: e.message };
  }
  throw new Error('expected extraction to fail');
}

function zipBuffer(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: true });
  zip.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** A zip of empty stored entries, written by hand (yazl is slow for 10,000 entries). */
function storedZip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n);
    centrals.push(central, n);
    offset += 30 + n.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Math.min(names.length, 0xffff), 8);
  eocd.writeUInt16LE(Math.min(names.length, 0xffff), 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const DOCX_XML = Buffer.from(
  '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hi</w:t></w:r></w:p></w:body></w:document>',
);

describe('extraction of real files', () => {
  it('reads a text PDF', async () => {
    const doc = await extractFixture('text.pdf');
    expect(doc).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf', pages: 1 });
    expect(doc.text).toMatch(/^# Photosynthesis Basics$/m);
    expect(doc.text).toContain('Chlorophyll in the chloroplasts absorbs mostly red and blue light');
    // a hyphenated compound broken over a line keeps its hyphen and is joined
    expect(doc.text).toContain('The light-dependent reactions');
    expect(doc.wordCount).toBeGreaterThan(60);
  });

  it('reads a multi-page PDF with headings by font size', async () => {
    const doc = await extractFixture('multipage.pdf');
    expect(doc.pages).toBe(3);
    expect(doc.text).toMatch(/^# Chapter 1: The French Revolution$/m);
    expect(doc.text).toMatch(/^## Causes of the Revolution$/m);
    expect(doc.text).toMatch(/^# Chapter 3: Napoleon Bonaparte$/m);
    expect(doc.text).toContain('crowned himself Emperor of the French in 1804');
    // paragraphs are separated by blank lines
    expect(doc.text).toMatch(/nobility and clergy\.\n\nHistorians/);
  });

  it('keeps the lines a PDF author ended, and reads body-type title lines as headings', async () => {
    const data = makeTextPdf([
      {
        heading: 'Syllabus for Science Writing',
        lines: [
          'Course Information',
          'Time: Thursdays 13:00-14:50',
          'Location: Hall 205',
          'Course prerequisites',
          'This course is taught in English, so you need to follow the lectures, take part in the',
          'discussions and do all assignments using English.',
          'Corequisites',
          'ECE 332L',
          'Complete = A',
          'Grading Scale',
        ],
      },
    ]);
    const { text } = await extractor.extract({ data, fileName: 'syllabus.pdf' });
    expect(text).toMatch(
      /^## Course Information\n\nTime: Thursdays 13:00-14:50\n\nLocation: Hall 205$/m,
    );
    // a line that runs to the margin wraps: the next one continues its paragraph
    expect(text).toMatch(
      /^## Course prerequisites\n\nThis course .* take part in the discussions and do all assignments using English\.$/m,
    );
    // a title right under another is its content; a line with "=" is not a title, nor is a last line
    expect(text).toMatch(/^## Corequisites\n\nECE 332L\n\nComplete = A\n\nGrading Scale$/m);
  });

  it('reads a two-column PDF column by column', async () => {
    const { text } = await extractFixture('two-column.pdf');
    expect(text).toMatch(/^# Cell Biology Overview$/m);
    const order = [
      'LEFT COLUMN START',
      'LEFT COLUMN END',
      'RIGHT COLUMN START',
      'RIGHT COLUMN END',
    ];
    const positions = order.map((p) => text.indexOf(p));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('Mitochondria are the powerhouse of the cell.');
  });

  it('reads a DOCX with headings, a list and a table', async () => {
    const doc = await extractFixture('lesson.docx');
    expect(doc.kind).toBe('docx');
    expect(doc.pages).toBeNull();
    expect(doc.text).toMatch(/^# The Water Cycle$/m);
    expect(doc.text).toMatch(/^## Main Stages$/m);
    expect(doc.text).toMatch(/^### Homework$/m);
    expect(doc.text).toContain(
      '- Evaporation turns liquid water into vapour.\n- Condensation forms clouds from water vapour.',
    );
    expect(doc.text).toContain(
      'Reservoir | Share of water | Residence time\nOceans | 97% | 3,200 years',
    );
    expect(doc.text).toContain('Café owners in Zürich');
  });

  it('reads a DOC, with table rows as cells', async () => {
    const doc = await extractFixture('lesson.doc');
    expect(doc.kind).toBe('doc');
    expect(doc.text).toContain('The water cycle describes how water moves');
    expect(doc.text).toContain('Precipitation returns water to the surface');
    expect(doc.text).toContain('Oceans | 97% | 3,200 years');
    expect(doc.text).toContain('Café owners in Zürich');
  });

  it.each(['grades.xlsx', 'grades.xls'])('reads %s with one section per sheet', async (name) => {
    const doc = await extractFixture(name);
    expect(doc.kind).toBe(name.split('.')[1]);
    expect(doc.text).toContain(
      '## Sheet: Grades\n\nStudent | Math | Science\nAlice Dupont | 91 | 88',
    );
    expect(doc.text).toContain('Bjørn Larsen | 76 | 82');
    expect(doc.text).toContain('## Sheet: Attendance\n\nWeek | Present | Absent\nWeek 1 | 24 | 2');
    expect(doc.text.match(/^## Sheet: /gm)).toHaveLength(2);
  });

  it('reads a CSV with quoted commas, quotes and new lines', async () => {
    const doc = await extractFixture('data.csv');
    expect(doc.kind).toBe('csv');
    expect(doc.text).toContain('Smith, Anna | 92 | Excellent work, well done');
    expect(doc.text).toContain('Bob Jones | 78 | Said "hello" twice');
    expect(doc.text).toContain('Chloé Martin | 85 | Line one line two');
  });

  it('reads UTF-8 text with accents, and Windows-1252 text', async () => {
    const doc = await extractFixture('notes.txt');
    expect(doc.text).toContain('La crème brûlée est délicieuse.');
    expect(doc.text).toContain('École, garçon, naïve, Señor, Müller.');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Hello wörld')]);
    expect((await extractor.extract({ data: bom, fileName: 'a.txt' })).text).toBe('Hello wörld');
    const latin = Buffer.from('Caf\xe9 cr\xe8me \x93quoted\x94', 'latin1');
    expect((await extractor.extract({ data: latin, fileName: 'a.TXT' })).text).toBe(
      'Café crème “quoted”',
    );
  });

  it('does not use the file name as a path', async () => {
    const doc = await extractor.extract({
      data: fixture('notes.txt'),
      fileName: '../../etc/passwd.txt',
    });
    expect(doc.kind).toBe('txt');
  });
});

describe('rejections', () => {
  it('damaged, encrypted and scanned PDFs', async () => {
    expect(await failure(fixture('damaged.pdf'), 'damaged.pdf')).toEqual({
      name: 'ExtractionError',
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'This PDF appears to be damaged and could not be read.',
    });
    expect(await failure(fixture('encrypted.pdf'), 'encrypted.pdf')).toMatchObject({
      status: 422,
      message: MSG.password,
    });
    expect(await failure(fixture('scanned.pdf'), 'scanned.pdf')).toMatchObject({
      status: 422,
      message: MSG.scanned,
    });
  });

  it('a damaged DOCX', async () => {
    const docx = fixture('lesson.docx');
    expect(await failure(docx.subarray(0, docx.length / 2), 'lesson.docx')).toMatchObject({
      status: 422,
      message: 'This Word document appears to be damaged and could not be read.',
    });
  });

  it('empty and too-large files', async () => {
    expect(await failure(Buffer.alloc(0), 'a.pdf')).toMatchObject({
      status: 422,
      message: 'The file is empty.',
    });
    expect(await failure(Buffer.from(' \n\n '), 'a.txt')).toMatchObject({
      status: 422,
      message: 'The file is empty.',
    });
    expect(await failure(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61), 'a.txt')).toEqual({
      name: 'ExtractionError',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size must be less than 50MB',
    });
    const small = createExtractor({ maxBytes: 1024 * 1024 });
    expect(await failure(Buffer.alloc(1024 * 1024 + 1, 0x61), 'a.txt', small)).toMatchObject({
      status: 413,
      message: 'File size must be less than 1MB',
    });
    await small.close();
  });

  it.each([
    ['text.pdf', 'text.docx'],
    ['text.pdf', 'text.txt'],
    ['lesson.docx', 'lesson.pdf'],
    ['lesson.docx', 'lesson.xlsx'],
    ['grades.xlsx', 'grades.docx'],
    ['lesson.doc', 'lesson.xls'],
    ['grades.xls', 'grades.doc'],
    ['notes.txt', 'notes.pdf'],
    ['notes.txt', 'notes.docx'],
    ['notes.txt', 'notes.md'],
    ['notes.txt', 'notes'],
    ['scanned.pdf', 'scan.png'],
  ])('%s uploaded as %s → 415', async (name, fileName) => {
    expect(await failure(fixture(name), fileName)).toEqual({
      name: 'ExtractionError',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: MSG.unsupported,
    });
  });

  it('binary content named .txt, and kinds not allowed → 415', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await failure(png, 'photo.txt')).toMatchObject({ status: 415 });
    expect(await failure(Buffer.from([0x41, 0x00, 0x42]), 'a.csv')).toMatchObject({ status: 415 });
    const pdfOnly = createExtractor({ allowedKinds: ['pdf'] });
    expect(await failure(fixture('lesson.docx'), 'lesson.docx', pdfOnly)).toMatchObject({
      status: 415,
    });
    await pdfOnly.close();
  });

  it('a zip bomb whose entry compresses more than 100×', async () => {
    const bomb = await zipBuffer([
      { name: 'word/document.xml', data: DOCX_XML },
      { name: 'word/media/filler.bin', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await failure(bomb, 'bomb.docx')).toEqual({
      name: 'ExtractionError',
      status: 422,
      code: 'VALIDATION_ERROR',
      message: MSG.bomb,
    });
  });

  it('a zip whose central directory claims more than 200 MB', async () => {
    const zip = await zipBuffer([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]);
    // patch each central-directory entry to claim 150 MB uncompressed
    for (let i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); i !== -1;) {
      zip.writeUInt32LE(150 * 1024 * 1024, i + 24);
      zip.writeUInt32LE(150 * 1024 * 1024, i + 20);
      i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4);
    }
    expect(await failure(zip, 'grades.xlsx')).toMatchObject({ status: 422, message: MSG.bomb });
  });

  it('a zip with more than 10,000 entries', async () => {
    const names = ['word/document.xml'];
    for (let i = 0; i < 10_001; i++) names.push(`word/x${i}.xml`);
    expect(await failure(storedZip(names), 'many.docx')).toMatchObject({
      status: 422,
      message: MSG.bomb,
    });
  });

  it('reads the OLE directory of old Office files', () => {
    expect(readOleStreamNames(fixture('lesson.doc'))).toContain('WordDocument');
    expect(readOleStreamNames(fixture('grades.xls'))).toContain('Workbook');
    expect(readOleStreamNames(fixture('text.pdf'))).toBeNull();
  });
});
