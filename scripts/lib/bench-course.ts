/**
 * The class the chat benchmark loads: one teacher, one class, a syllabus and a generated PDF of
 * practice notes (about 300 pages; several copies of it for a class with more material), set up
 * through the public API as a teacher would.
 */
import { makeSyntheticPdf } from '../../apps/api/test/fixtures/synthetic-pdf.ts';
import {
  dataOf,
  describeReply,
  fail,
  postJson,
  request,
  signUpTeacher,
  uploadFile,
} from './api.ts';

const SYLLABUS = `PHYS 101: Introductory Physics I — Fall 2026

Instructor: Dr. Maria Lopez (mlopez@example.edu), Science Hall 214.
Office hours: Tuesdays and Thursdays 2:00–3:30 pm in Science Hall 214, or on Zoom by appointment.
Teaching assistant: Sam Chen (schen@example.edu); lab office hours Wednesdays 10–11 am in Room 118.

Lectures: Monday, Wednesday and Friday 9:00–9:50 am in Science Hall 100.
Labs: weekly, starting in week 2, in Room 118. Bring safety goggles and a lab notebook.

Textbook: University Physics, 15th edition, by Young and Freedman. Older editions are fine.
Course website: all notes, problem sets and grades are on Canvas.

Grading: problem sets 20%, labs 15%, two midterms 20% each, final exam 25%.
A is 90% and above, B is 80%, C is 70%, D is 60%.

Exams: Midterm 1 is on Friday, October 9 in class. Midterm 2 is on Friday, November 13 in class.
The final exam is on Monday, December 14 at 8:00 am in Science Hall 100.
One handwritten formula sheet (both sides) is allowed in every exam; calculators are allowed.

Problem sets are due on Fridays at 11:59 pm on Gradescope.
Late policy: a problem set handed in up to 48 hours late loses 20%; after that it earns no credit.
The lowest problem set score is dropped.

Missed exams: contact the instructor before the exam; a documented emergency allows a make-up.
Academic integrity: discuss problems with classmates, but write up your own solutions.
Accommodations: students with a letter from Disability Services should send it in week 1.

Topics by week: 1 units and vectors; 2 motion in one dimension; 3 motion in two dimensions;
4 Newton's laws and forces; 5 friction and circular motion; 6 work and kinetic energy;
7 potential energy and conservation of energy; 8 momentum and collisions; 9 rotation;
10 torque and angular momentum; 11 gravitation; 12 oscillations; 13 waves; 14 review.
`;

/** What students of this class ask: the syllabus, the notes, and things neither covers. */
export const STUDENT_QUESTIONS = [
  'when are the professor office hours',
  'what room is the lecture in?',
  'when is the first midterm',
  'when is the final exam and where',
  'how much is the final worth',
  'what is the late policy for problem sets',
  'is the lowest homework dropped?',
  'which textbook do we need',
  'can I bring a formula sheet to the exam',
  'who is the TA and how do I email them',
  'where do I turn in problem sets',
  'what percentage do I need for an A',
  'what do the practice notes say about energy',
  'explain forces and motion',
  'what is on page 150 of the notes',
  'what does section 42 cover',
  'what week do we learn about momentum',
  'what happens if I miss a midterm',
  'is there parking near the science building',
  'does the library have a 3d printer',
];

export type BenchClass = {
  baseUrl: string;
  token: string;
  classId: string;
  chatUuid: string;
  material: { pdf_pages: number; pdf_copies: number; items: number; chunks: number; words: number };
};

type ContentStats = { total_items: number; total_words: number; chunk_count: number };

/**
 * Signs up a teacher and creates the class with its syllabus (the runners' common start). The
 * teacher's e-mail is `email`, or one made unique from `name`.
 */
export async function createBenchClass(
  baseUrl: string,
  name = 'bench',
  email = `${name}-${Date.now().toString(36)}@example.com`,
): Promise<{ token: string; classId: string; chatUuid: string }> {
  const token = await signUpTeacher(baseUrl, {
    email,
    institution: 'Example University',
    firstName: 'Maria',
    lastName: 'Lopez',
  });
  const created = dataOf<{ id: string; chat_uuid: string }>(
    await postJson(
      `${baseUrl}/api/classes`,
      {
        class_name: 'Introductory Physics I',
        course_code: 'PHYS 101',
        school: 'Example University',
        department: 'Physics',
        semester: 'Fall',
        year: 2026,
        student_size: 300,
      },
      token,
    ),
    201,
    'class creation',
  );
  dataOf(
    await postJson(
      `${baseUrl}/api/content/syllabus`,
      { class_id: created.id, title: 'Syllabus', content: SYLLABUS },
      token,
    ),
    201,
    'syllabus',
  );
  return { token, classId: created.id, chatUuid: created.chat_uuid };
}

/**
 * Signs up a teacher, creates the class and loads its material; `pages` sizes the PDF, uploaded
 * `copies` times (as separate items, one after another).
 */
export async function setUpBenchClass(
  baseUrl: string,
  pages: number,
  copies = 1,
): Promise<BenchClass> {
  const { token, classId, chatUuid } = await createBenchClass(baseUrl);
  const pdf = makeSyntheticPdf(pages);
  for (let copy = 1; copy <= copies; copy++) {
    const upload = await uploadFile(
      { baseUrl, token, classId },
      {
        contentType: 'additional',
        title: copies > 1 ? `Practice notes ${copy}` : 'Practice notes',
        fileName: copies > 1 ? `practice-notes-${copy}.pdf` : 'practice-notes.pdf',
        data: pdf,
      },
    );
    if (upload.status !== 202)
      fail(`upload of the ${pages}-page PDF failed (${describeReply(upload)})`);
  }
  const stats = dataOf<ContentStats>(
    await request(`${baseUrl}/api/content/stats/${classId}`, { token }),
    200,
    'content stats',
  );
  return {
    baseUrl,
    token,
    classId,
    chatUuid,
    material: {
      pdf_pages: pages,
      pdf_copies: copies,
      items: stats.total_items,
      chunks: stats.chunk_count,
      words: stats.total_words,
    },
  };
}
