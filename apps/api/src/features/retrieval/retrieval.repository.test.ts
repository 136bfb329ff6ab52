import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { contentRepositoryOf } from '../../../test/services.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import type { ChunkValues, ContentRepository } from '../content/content.repository.ts';
import { LEXEMES_CACHE, RetrievalRepository } from './retrieval.repository.ts';
import { lexemesFor, retrieve, searchTerms, searchWordsOf } from './retrieval.ts';

let t: TestApp;
let repo: ContentRepository;
let retrieval: RetrievalRepository;

beforeAll(async () => {
  t = await createTestApp();
  repo = contentRepositoryOf(t.db);
  retrieval = new RetrievalRepository(t.db);
});
afterAll(() => t.close());

/** A class of its own teacher's (a teacher's plan includes three classes). */
const newClass = async (name = 'Introduction to Biology') =>
  createClass(t.app, (await subscribedTeacher(t.app)).auth, { class_name: name });

const chunksOf = (bodies: string[]): ChunkValues[] =>
  bodies.map((body, position) => ({
    position,
    heading: position % 2 ? 'Weekly notes' : null,
    body,
    wordCount: body.split(' ').length,
  }));

const item = (title: string, text: string, type: 'syllabus' | 'additional' = 'additional') => ({
  title,
  content: text,
  content_type: type,
  file_name: null,
  file_type: null,
  file_size: null,
  word_count: text.split(' ').length,
});

/** The lexicon as the triggers keep it, and as ts_stat counts it from the chunks themselves. */
async function lexicon(classId: string) {
  const kept = await sql<{ word: string; ndoc: number }>`
    SELECT word, ndoc FROM class_lexemes WHERE class_id = ${classId} ORDER BY word`.execute(t.db);
  const counted = await sql<{ word: string; ndoc: number }>`
    SELECT word, ndoc FROM ts_stat(format('SELECT tsv FROM content_chunks WHERE class_id = %L', ${classId}::text))
    ORDER BY word`.execute(t.db);
  const chunks = await sql<{ kept: number | null; counted: string }>`
    SELECT (SELECT chunks FROM class_chunk_counts WHERE class_id = ${classId}) AS kept,
           (SELECT count(*) FROM content_chunks WHERE class_id = ${classId}) AS counted`.execute(
    t.db,
  );
  const c = chunks.rows[0]!;
  return {
    kept: { words: kept.rows, chunks: c.kept ?? 0 },
    counted: { words: counted.rows, chunks: Number(c.counted) },
  };
}

async function expectExact(classId: string) {
  const { kept, counted } = await lexicon(classId);
  expect(kept).toEqual(counted);
  return kept;
}

describe('class lexicon (migration 009)', () => {
  it('stays exact through uploads, edits, syllabus replacement and deletions', async () => {
    const cls = await newClass();
    expect(await expectExact(cls.id)).toEqual({ words: [], chunks: 0 });

    const notes = await repo.insertWithChunks(
      cls.id,
      item('Notes', 'energy forces'),
      chunksOf(['Energy is conserved.', 'Forces change motion.', 'Energy and forces, again.']),
    );
    const first = await expectExact(cls.id);
    expect(first.chunks).toBe(3);
    expect(first.words.find((w) => w.word === 'energi')?.ndoc).toBe(2);

    await repo.insertWithChunks(
      cls.id,
      item('Syllabus', 'office hours', 'syllabus'),
      chunksOf(['Office hours are on Tuesday.', 'The final exam is in May.']),
    );
    await expectExact(cls.id);
    // a new syllabus replaces the old one and its chunks in the same transaction
    await repo.insertWithChunks(
      cls.id,
      item('Syllabus v2', 'office hours', 'syllabus'),
      chunksOf(['Office hours moved to Thursday.']),
    );
    const replaced = await expectExact(cls.id);
    expect(replaced.chunks).toBe(4);
    expect(replaced.words.map((w) => w.word)).not.toContain('exam');

    // new text replaces an item's chunks
    await repo.update(
      notes,
      cls.id,
      { content: 'momentum' },
      chunksOf(['Momentum is mass times velocity.']),
    );
    expect((await expectExact(cls.id)).words.map((w) => w.word)).not.toContain('energi');

    await repo.delete(notes);
    expect((await expectExact(cls.id)).chunks).toBe(1);

    // a statement touching chunks without going through the repository is counted too
    await sql`UPDATE content_chunks SET body = 'Office hours are cancelled.' WHERE class_id = ${cls.id}`.execute(
      t.db,
    );
    await expectExact(cls.id);

    await t.db.deleteFrom('classes').where('id', '=', cls.id).execute();
    const left = await sql<{ n: string }>`
      SELECT (SELECT count(*) FROM class_lexemes WHERE class_id = ${cls.id})
           + (SELECT count(*) FROM class_chunk_counts WHERE class_id = ${cls.id}) AS n`.execute(
      t.db,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('loses no counts when two uploads to one class run at once', async () => {
    const cls = await newClass();
    const other = await newClass('Other class');
    // more chunks than one INSERT batch (1,000), so each upload writes in several statements
    const bodies = (tag: string) =>
      Array.from({ length: 2500 }, (_, i) => `Shared words on page ${i % 700}, only in ${tag}.`);
    await Promise.all([
      repo.insertWithChunks(cls.id, item('A', 'a'), chunksOf(bodies('alpha'))),
      repo.insertWithChunks(cls.id, item('B', 'b'), chunksOf(bodies('bravo'))),
      repo.insertWithChunks(other.id, item('C', 'c'), chunksOf(bodies('charlie'))),
    ]);
    const kept = await expectExact(cls.id);
    expect(kept.chunks).toBe(5000);
    expect(kept.words.find((w) => w.word === 'share')?.ndoc).toBe(5000);
    expect(kept.words.find((w) => w.word === 'alpha')?.ndoc).toBe(2500);
    expect((await expectExact(other.id)).chunks).toBe(2500);
  });

  it('backfills the material stored before it', async () => {
    const cls = await newClass();
    await repo.insertWithChunks(
      cls.id,
      item('Notes', 'n'),
      chunksOf(['Labs are in room 118.', 'Bring goggles to labs.']),
    );
    const before = await expectExact(cls.id);
    const migration = await fs.readFile(
      new URL('../../db/migrations/009_class_lexicon.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('-- the material stored before'));
    await t.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM class_lexemes`.execute(trx);
      await sql`DELETE FROM class_chunk_counts`.execute(trx);
      await sql.raw(backfill).execute(trx);
    });
    expect(await expectExact(cls.id)).toEqual(before);
  });

  it('finds the material’s lexeme for each term, spelling mistakes corrected', async () => {
    const cls = await newClass();
    await repo.insertWithChunks(
      cls.id,
      item('Notes', 'n'),
      chunksOf([
        'The midterm examination is in week eight.',
        'Midterm review sessions run on Friday.',
        'Photosynthesis happens in chloroplasts.',
        'Read the exam guide.',
      ]),
    );
    const found = await lexemesFor(retrieval, cls.id, [
      'the', // stop word
      'midterms', // stem present
      'midtrem', // one edit from "midterm"
      'photosynthsis', // long: two edits allowed
      'exm', // three letters: one missing letter
      'zebra', // a real word the material never uses
    ]);
    expect(found).toEqual([
      { lexeme: null, ndoc: 0, chunks: 4 },
      { lexeme: 'midterm', ndoc: 2, chunks: 4 },
      { lexeme: 'midterm', ndoc: 2, chunks: 4 },
      { lexeme: 'photosynthesi', ndoc: 1, chunks: 4 },
      { lexeme: 'exam', ndoc: 1, chunks: 4 },
      { lexeme: '', ndoc: 0, chunks: 4 },
    ]);
  });

  it('ranks in a large class only the chunks of the question’s rarer words, at most 1,000', async () => {
    const cls = await newClass();
    // every chunk says "weekly notes"; a few also "momentum", one twice and in its heading
    const bodies = Array.from({ length: 3000 }, (_, i) =>
      i % 500 === 7 ? `Weekly notes on momentum, part ${i}.` : `Weekly notes, part ${i}.`,
    );
    const chunks = chunksOf(bodies).map((c) =>
      c.position === 2507 ? { ...c, heading: 'Momentum', body: 'Momentum and momentum.' } : c,
    );
    await repo.insertWithChunks(cls.id, item('Notes', 'n'), chunks);
    const terms = await searchTerms(retrieval, cls.id, {
      searchWords: searchWordsOf('weekly notes about momentum'),
    });
    const found = await retrieve(retrieval, cls.id, terms, 8);
    // only chunks holding "momentum" are ranked, the common words still count in their rank
    // (a heading "Weekly notes" and "momentum" once outrank "Momentum" and "momentum" twice)
    expect(found.map((p) => p.body)).toEqual([
      ...[7, 507, 1007, 1507, 2007].map((i) => `Weekly notes on momentum, part ${i}.`),
      'Momentum and momentum.',
    ]);
    // words in every chunk only: a bounded number of them are ranked, still the best of those
    const common = await retrieve(
      retrieval,
      cls.id,
      await searchTerms(retrieval, cls.id, { searchWords: searchWordsOf('weekly notes') }),
      3,
    );
    expect(common).toHaveLength(3);
    expect(common.every((p) => p.body.startsWith('Weekly notes'))).toBe(true);
  });
});

describe('lexemesOfTexts keeps what it stemmed', () => {
  /** The repository on the test database, counting the statements it sends. */
  function countingRepository() {
    const counter = { statements: 0 };
    const db = t.db.withPlugin({
      transformQuery: (args) => {
        counter.statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { repo: new RetrievalRepository(db), counter };
  }
  const direct = async (texts: string[]) =>
    (
      await sql<{ lexemes: string[] }>`
      SELECT tsvector_to_array(to_tsvector('english', s)) AS lexemes
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(s, ord) ORDER BY ord`.execute(t.db)
    ).rows.map((r) => r.lexemes);

  it('answers as PostgreSQL does, in order, asking it only for texts it has not seen', async () => {
    const { repo, counter } = countingRepository();
    const first = ['Office hours are on Mondays.', 'Late homework loses 10% a day.'];
    expect(await repo.lexemesOfTexts(first)).toEqual(await direct(first));
    expect(counter.statements).toBe(1);

    // all seen: no statement; seen, new and repeated texts mixed: one, in the callers' order
    expect(await repo.lexemesOfTexts([...first].reverse())).toEqual(
      await direct([...first].reverse()),
    );
    expect(counter.statements).toBe(1);
    const mixed = [first[1]!, 'The final exam is cumulative.', first[1]!, 'x'.repeat(2_001)];
    expect(await repo.lexemesOfTexts(mixed)).toEqual(await direct(mixed));
    expect(counter.statements).toBe(2);
    // a text over LEXEMES_CACHE.maxTextChars is not kept, the others are
    await repo.lexemesOfTexts(mixed);
    expect(counter.statements).toBe(3);
    await repo.lexemesOfTexts(mixed.slice(0, 3));
    expect(counter.statements).toBe(3);
  });

  it('keeps at most LEXEMES_CACHE.maxTexts texts, dropping the least recently read', async () => {
    const { repo, counter } = countingRepository();
    const texts = Array.from({ length: LEXEMES_CACHE.maxTexts + 1 }, (_, i) => `unit number ${i}`);
    await repo.lexemesOfTexts(texts);
    expect(counter.statements).toBe(1);
    // the first text was dropped for the last one; the rest are still kept
    expect(await repo.lexemesOfTexts(texts.slice(1))).toEqual(await direct(texts.slice(1)));
    expect(counter.statements).toBe(1);
    expect(await repo.lexemesOfTexts([texts[0]!])).toEqual(await direct([texts[0]!]));
    expect(counter.statements).toBe(2);
  });
});
