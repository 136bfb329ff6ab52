import { sql } from 'kysely';
import type { ContentType } from '@app/contracts';
import type { Db } from '../../db/index.ts';

/** A chunk of a class's material with its place in its document. */
export type PlacedChunk = {
  chunkId: string;
  contentId: string;
  title: string;
  contentType: ContentType;
  heading: string | null;
  body: string;
  /** order of the chunk in its document, from 0 */
  position: number;
};

type ChunkRow = {
  id: string;
  content_id: string;
  title: string;
  content_type: ContentType;
  heading: string | null;
  body: string;
  position: number;
};

const placed = (r: ChunkRow): PlacedChunk => ({
  chunkId: String(r.id),
  contentId: r.content_id,
  title: r.title,
  contentType: r.content_type,
  heading: r.heading,
  body: r.body,
  position: Number(r.position),
});

/**
 * The chunks at most `reach` positions before or after each given chunk in the same document,
 * the given chunks included, each once and of this class only; in document order.
 */
export async function chunksAround(
  db: Db,
  classId: string,
  chunkIds: string[],
  reach: number,
): Promise<PlacedChunk[]> {
  if (chunkIds.length === 0) return [];
  const rows = await sql<ChunkRow>`
    SELECT DISTINCT n.id, n.content_id, ct.title, ct.content_type, n.heading, n.body, n.position
    FROM content_chunks s
    JOIN content_chunks n ON n.content_id = s.content_id
      AND n.position BETWEEN s.position - ${reach}::int AND s.position + ${reach}::int
    JOIN contents ct ON ct.id = n.content_id
    WHERE s.class_id = ${classId} AND n.class_id = ${classId}
      AND s.id = ANY(${chunkIds}::bigint[])
    ORDER BY n.content_id, n.position`.execute(db);
  return rows.rows.map(placed);
}

/** The first `count` chunks of the class's syllabus: where a syllabus names the course, its people and places. */
export async function syllabusOpening(
  db: Db,
  classId: string,
  count: number,
): Promise<PlacedChunk[]> {
  if (count <= 0) return [];
  const rows = await sql<ChunkRow>`
    SELECT ch.id, ch.content_id, ct.title, ct.content_type, ch.heading, ch.body, ch.position
    FROM contents ct
    JOIN content_chunks ch ON ch.content_id = ct.id AND ch.position < ${count}::int
    WHERE ct.class_id = ${classId} AND ct.content_type = 'syllabus' AND ch.class_id = ${classId}
    ORDER BY ch.position`.execute(db);
  return rows.rows.map(placed);
}
