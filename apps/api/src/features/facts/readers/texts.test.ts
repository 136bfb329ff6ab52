import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readTexts } from './texts.ts';

const texts = (...lines: string[]) =>
  readTexts(readDocument(lines.join('\n'))).map((f) => `${f.attribute}: ${f.subject}`);

describe('readTexts', () => {
  it('reads titles under a texts heading, required or optional by heading or marker', () => {
    expect(
      texts(
        'Textbook: Campbell Biology, 12th edition',
        '',
        '## Required Texts',
        '- John Stuart Mill, *Utilitarianism*, ed. George Sher (Hackett, 2001)',
        '',
        '## Recommended',
        '- Thom Holmes, Electronic and Experimental Music',
      ),
    ).toEqual([
      'required: Campbell Biology, 12th edition',
      'required: John Stuart Mill, Utilitarianism, ed. George Sher (Hackett, 2001)',
      'optional: Thom Holmes, Electronic and Experimental Music',
    ]);
  });

  it('keeps prose, rubric lines, ISBNs and link labels out of the texts', () => {
    expect(
      texts(
        '## Textbooks (required)',
        '',
        '- Eiteman, Stonehill and Moffett, Multinational Business Finance, 16th edition, Pearson, 2023.',
        '- Required: Numerical Methods for Engineers and Scientists',
        '- Optional: Python Crash Course',
        '- ISBN-10: 1718502702',
        '- Project web site: https://automatetheboringstuff.com/',
        '- R: Download',
        '- All readings in this course will be posted as PDFs on Moodle.',
        '- Fail (50%): The assignment was completed with no evidence of engagement.',
        '',
        'Mission of the Paul R. Carter College of Business Administration:',
        '',
        '- We equip students for their chosen professions.',
      ),
    ).toEqual([
      'required: Eiteman, Stonehill and Moffett, Multinational Business Finance, 16th edition, Pearson, 2023.',
      'required: Numerical Methods for Engineers and Scientists',
      'optional: Python Crash Course',
    ]);
  });

  it('reads no text from a texts section in grading, or from paragraphs', () => {
    expect(texts('## Grading of readings', '', '- Reading responses, weekly')).toEqual([]);
    expect(texts('## Textbook', '', 'Campbell Biology is the book we will read.')).toEqual([]);
  });
});
