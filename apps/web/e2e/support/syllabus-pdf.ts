import { makeTextPdf } from '../../../api/test/fixtures/synthetic-pdf.ts';

/** A two-page course syllabus as a real PDF, for journeys that upload one. */
export function syllabusPdf(): Buffer {
  return makeTextPdf([
    {
      heading: 'BIO 210: Cell Biology - Fall Syllabus',
      lines: [
        'Instructor: Professor Grace Hopper (ghopper@state.edu), Science Hall 204.',
        'Office hours are on Mondays from 2 to 4 pm in Science Hall 204.',
        '',
        'Course description',
        'This course introduces the structure and function of cells, from membranes to metabolism.',
        '',
        'Grading',
        'Your final grade is made of lab reports (30%), the midterm exam (30%) and the final exam (40%).',
        'Late lab reports lose 10% per day and are not accepted after three days.',
      ],
    },
    {
      heading: 'Exams and Textbook',
      lines: [
        'The midterm exam is on October 14 in Science Hall 101.',
        'The final exam is on December 12 at 9 am in the Main Auditorium.',
        'Required textbook: Molecular Biology of the Cell, 7th edition, by Alberts.',
      ],
    },
  ]);
}
