import { describe, expect, it } from 'vitest';
import { excerptText } from '@app/contracts';
import { escapeSlack, plainTextOfSlack, slackReplyText } from './slack-text.ts';

describe('escapeSlack', () => {
  it("escapes Slack's three control characters, and plainTextOfSlack undoes it", () => {
    const text = 'Grades > 90 & < 100 get an A; <!channel> <@U0ADA> <https://x.test|x>';
    const escaped = escapeSlack(text);
    expect(escaped).toBe(
      'Grades &gt; 90 &amp; &lt; 100 get an A; &lt;!channel&gt; &lt;@U0ADA&gt; &lt;https://x.test|x&gt;',
    );
    expect(escaped).not.toMatch(/[<>]/);
    expect(plainTextOfSlack(escaped)).toBe(text);
    // an escape already in the text is shown as written, not read as one
    expect(escapeSlack('&lt;')).toBe('&amp;lt;');
  });
});

describe('slackReplyText: a reply as Slack mrkdwn (decision 013)', () => {
  it('quotes an excerpt: the lead as it is, each passage line after "> ", the marked sentence bold', () => {
    const response = excerptText([
      {
        lead: 'Here is what the syllabus says about Office Hours:',
        quote:
          'Office hours are on Tuesdays. **They run from 2 to 4 pm in Science Hall 210.** Email first.',
      },
      {
        lead: 'Here is what the lab guide says about Labs:',
        quote: 'Labs:\n- Fridays, **room 4**\n- bring goggles',
      },
    ]);
    expect(slackReplyText({ response, kind: 'excerpt' })).toBe(
      [
        'Here is what the syllabus says about Office Hours:',
        '> Office hours are on Tuesdays. *They run from 2 to 4 pm in Science Hall 210.* Email first.',
        'Here is what the lab guide says about Labs:',
        '> Labs:',
        '> - Fridays, *room 4*',
        '> - bring goggles',
      ].join('\n'),
    );
  });

  it('escapes the material, keeping its own quotation and bold marks', () => {
    const response = excerptText([
      {
        lead: 'Here is what the syllabus says about Grades <A & B>:',
        quote: 'A is > 90%. **<!channel> B is 80–89% & up.**',
      },
    ]);
    expect(slackReplyText({ response, kind: 'excerpt' })).toBe(
      [
        'Here is what the syllabus says about Grades &lt;A &amp; B&gt;:',
        '> A is &gt; 90%. *&lt;!channel&gt; B is 80–89% &amp; up.*',
      ].join('\n'),
    );
  });

  it('bolds a marked sentence over two lines line by line, hugging its words', () => {
    const response = 'Here is what it says:\n> Intro. ** First line\n> second line. ** End.';
    expect(slackReplyText({ response, kind: 'excerpt' })).toBe(
      'Here is what it says:\n> Intro.  *First line*\n> *second line.*  End.',
    );
  });

  it('quotes an excerpt whole when its text does not follow the excerpt form', () => {
    expect(
      slackReplyText({ response: 'Grading: homework **20%**, exams 80%.', kind: 'excerpt' }),
    ).toBe('> Grading: homework *20%*, exams 80%.');
  });

  it('keeps an answer and a reply not covered as they are, escaped', () => {
    expect(
      slackReplyText({ response: 'The final is worth 40% (> the midterm).', kind: 'answer' }),
    ).toBe('The final is worth 40% (&gt; the midterm).');
    const none = "The course material doesn't cover that. Ask your teacher.";
    expect(slackReplyText({ response: none, kind: 'none' })).toBe(none);
  });
});
