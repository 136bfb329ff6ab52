/**
 * A class's conversation history at the size of a big course over several terms: the teacher's
 * list and search are measured on it. Rows go straight into the database in one statement (the
 * read path is what is measured; asking 50,000 questions through the API would take minutes).
 */
import pg from 'pg';

const TOPICS = [
  'the midterm',
  'the final exam',
  'office hours',
  'the late policy',
  'problem set 3',
  'the lab report',
  'the formula sheet',
  'the textbook',
  'Gradescope',
  'the make-up exam',
  'momentum',
  'friction',
  'the lowest score being dropped',
  'the grading scale',
  'lab safety goggles',
  'Science Hall 214',
  'the TA Sam Chen',
  'calculators',
  'attendance',
  'the parking garage',
];
const ASKS = [
  'When is {t}?',
  'where is {t}',
  'can you explain {t}',
  'what do I need to know about {t}?',
  'Is {t} on the exam?',
  'hey quick question about {t}',
  'How much does {t} count?',
  'who do I ask about {t}',
];
const ANSWERS = [
  'Midterm 1 is on Friday, October 9 in class. Midterm 2 is on Friday, November 13 in class. One handwritten formula sheet (both sides) is allowed in every exam; calculators are allowed.',
  'Office hours: Tuesdays and Thursdays 2:00–3:30 pm in Science Hall 214, or on Zoom by appointment. Teaching assistant: Sam Chen; lab office hours Wednesdays 10–11 am in Room 118.',
  'Late policy: a problem set handed in up to 48 hours late loses 20%; after that it earns no credit. The lowest problem set score is dropped.',
  'Grading: problem sets 20%, labs 15%, two midterms 20% each, final exam 25%. A is 90% and above, B is 80%, C is 70%, D is 60%.',
  "I couldn't find this in the course material for Introductory Physics I. Please ask your teacher; you can use Contact Teacher below.",
  'Labs: weekly, starting in week 2, in Room 118. Bring safety goggles and a lab notebook.',
];

export const CONVERSATION_SEARCHES = [
  'midterm',
  'office hours',
  'parking',
  'Science Hall 214',
  'goggles lab',
  'zebra',
];

/** Inserts `count` conversations into the class, five minutes apart, newest now. */
export async function seedConversations(
  databaseUrl: string,
  classId: string,
  count: number,
): Promise<void> {
  const questions = TOPICS.flatMap((topic) => ASKS.map((ask) => ask.replace('{t}', topic)));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO conversations
         (class_id, question, response, source_type, tokens_used, response_time_ms, created_at)
       SELECT $1,
         ($2::text[])[1 + (i * 7919) % cardinality($2::text[])],
         ($3::text[])[1 + i % cardinality($3::text[])],
         CASE WHEN i % cardinality($3::text[]) = 4 THEN 'other'
              WHEN i % 3 = 0 THEN 'content' ELSE 'syllabus' END,
         0, 5 + i % 60, now() - i * interval '5 minutes'
       FROM generate_series(1, $4::int) AS i`,
      [classId, questions, ANSWERS, count],
    );
    // as autovacuum leaves a table in steady use: statistics and the visibility map up to date
    await client.query('VACUUM ANALYZE conversations');
  } finally {
    await client.end();
  }
}
