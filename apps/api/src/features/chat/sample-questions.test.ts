import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { contentRepositoryOf } from '../../../test/services.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import type { ChunkValues, ContentRepository } from '../content/content.repository.ts';
import { ChatRepository } from './chat.repository.ts';

let t: TestApp;
let repo: ContentRepository;
let chat: ChatRepository;

beforeAll(async () => {
  t = await createTestApp();
  repo = contentRepositoryOf(t.db);
  chat = new ChatRepository(t.db);
});
afterAll(() => t.close());

const chunksOf = (headings: (string | null)[]): ChunkValues[] =>
  headings.map((heading, position) => ({ position, heading, body: 'Notes.', wordCount: 1 }));

const item = (title: string, type: 'syllabus' | 'additional' = 'additional') => ({
  title,
  content: title,
  content_type: type,
  file_name: null,
  file_type: null,
  file_size: null,
  word_count: 1,
});

/** The headings as read from every chunk of the class (the query before migration 010). */
async function fromAllChunks(classId: string): Promise<string[]> {
  const { rows } = await sql<{ headings: string[] }>`
    SELECT ARRAY(
      SELECT h.heading FROM (
        SELECT DISTINCT ON (ch.heading) ch.heading,
               c.content_type <> 'syllabus' AS after_syllabus,
               c.display_order, c.created_at, ch.position
        FROM content_chunks ch
        JOIN contents c ON c.id = ch.content_id
        WHERE ch.class_id = ${classId} AND ch.heading IS NOT NULL
        ORDER BY ch.heading, after_syllabus, c.display_order, c.created_at, ch.position
      ) h
      ORDER BY h.after_syllabus, h.display_order, h.created_at, h.position
      LIMIT 50
    ) AS headings`.execute(t.db);
  return rows[0]!.headings;
}

async function expectSameAsAllChunks(classId: string) {
  const { headings } = await chat.materialHeadings(classId);
  expect(headings).toEqual(await fromAllChunks(classId));
  return headings;
}

describe('materialHeadings (content_headings, migration 010)', () => {
  it('reads the same headings as all the chunks would, through uploads, edits and deletions', async () => {
    const cls = await createClass(t.app, (await subscribedTeacher(t.app)).auth);
    expect(await chat.materialHeadings(cls.id)).toEqual({ hasMaterial: false, headings: [] });

    // an item with many sections, each over several chunks, some headings coming back later
    const section = (i: number) => `Section ${i}`;
    const long = Array.from({ length: 400 }, (_, i) => (i % 7 === 0 ? null : section(i >> 2)));
    const notes = await repo.insertWithChunks(cls.id, item('Notes'), chunksOf(long));
    expect((await expectSameAsAllChunks(cls.id)).slice(0, 2)).toEqual(['Section 0', 'Section 1']);

    // the syllabus comes first; its headings seen again in the notes count where first seen
    await repo.insertWithChunks(
      cls.id,
      item('Syllabus', 'syllabus'),
      chunksOf(['Grading', 'Section 3', null, 'Late policy']),
    );
    expect((await expectSameAsAllChunks(cls.id)).slice(0, 4)).toEqual([
      'Grading',
      'Section 3',
      'Late policy',
      'Section 0',
    ]);

    // a second large item after the first: only new headings beyond the first 50 would show
    const more = Array.from({ length: 300 }, (_, i) => section(40 + (i >> 1)));
    const second = await repo.insertWithChunks(cls.id, item('More notes'), chunksOf(more));
    await expectSameAsAllChunks(cls.id);

    // reordering the items (no chunk written) reorders the headings
    await t.db
      .updateTable('contents')
      .set({ display_order: -1 })
      .where('id', '=', second)
      .execute();
    expect((await expectSameAsAllChunks(cls.id)).slice(0, 4)).toEqual([
      'Grading',
      'Section 3',
      'Late policy',
      'Section 40',
    ]);

    // new text replaces an item's chunks; deleting an item takes its headings away
    await repo.update(notes, cls.id, { content: 'x' }, chunksOf(['Office hours', 'Exams']));
    await expectSameAsAllChunks(cls.id);
    await sql`UPDATE content_chunks SET heading = 'Renamed' WHERE content_id = ${second} AND position = 0`.execute(
      t.db,
    );
    await expectSameAsAllChunks(cls.id);
    await repo.delete(second);
    expect(await expectSameAsAllChunks(cls.id)).toEqual([
      'Grading',
      'Section 3',
      'Late policy',
      'Office hours',
      'Exams',
    ]);
  });
});
