import { describe, expect, it } from 'vitest';
import { excerptText } from '@app/contracts';
import { makeCheckItem, makeReply } from '@/test/assistant-check-fixtures';
import { editorStart, replyAsText, sourceTitles } from './assistant-check-logic';

const quoted = excerptText([
  {
    lead: 'Here is what the syllabus says about Exams:',
    quote: 'The midterm is in week 8. **The final exam is on December 12.** Bring ID.',
  },
]);

describe('replyAsText: what the teacher starts an answer from', () => {
  it('an answer as it is; nothing for a reply with nothing in it', () => {
    expect(replyAsText(makeReply({ response: '  Mondays 2-4 pm. ' }))).toBe('Mondays 2-4 pm.');
    expect(replyAsText(makeReply({ kind: 'none', response: 'Not covered.' }))).toBe('');
  });

  it('an excerpt: its best sentences, without the quotation marks', () => {
    expect(replyAsText(makeReply({ kind: 'excerpt', response: quoted }))).toBe(
      'The final exam is on December 12.',
    );
    const unmarked = excerptText([{ lead: 'Here:', quote: 'Line one.\nLine two.' }]);
    expect(replyAsText(makeReply({ kind: 'excerpt', response: unmarked }))).toBe(
      'Line one.\nLine two.',
    );
  });
});

describe('editorStart', () => {
  it("the teacher's own words first, then the reply now, then the answer to look at again", () => {
    expect(editorStart(makeCheckItem({ status: 'edited', answer: 'Mine.' }))).toBe('Mine.');
    expect(editorStart(makeCheckItem())).toBe(
      'Office hours are Mondays 2-4 pm in Science Hall 204.',
    );
    expect(
      editorStart(
        makeCheckItem({
          status: 'needs_review',
          answer: 'Tuesdays.',
          reply: makeReply({ kind: 'none', response: 'Not covered.' }),
        }),
      ),
    ).toBe('Tuesdays.');
  });
});

describe('sourceTitles', () => {
  it('each title once, in order', () => {
    const citation = makeReply().citations[0]!;
    expect(
      sourceTitles({
        citations: [
          citation,
          { ...citation, excerpt: 'other' },
          { ...citation, title: 'Exam Guide' },
          { ...citation, title: ' ' },
        ],
      }),
    ).toEqual(['Course Syllabus', 'Exam Guide', 'Course material']);
  });
});
