import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { excerptText } from '@app/contracts';
import { AnswerBubble } from './chat-bubbles';
import {
  ExcerptText,
  ReplyKindLabel,
  datedList,
  excerptPreview,
  quotations,
  replyKindName,
} from './reply-text';

const OFFICE_HOURS = excerptText([
  {
    lead: 'Here is what the syllabus says about Office Hours:',
    quote:
      'Office hours are on Tuesdays. **They run from 2 to 4 pm in Science Hall 210.** Email first.',
  },
  {
    lead: 'Here is what the lab guide says about Lab Hours:',
    quote: 'Labs meet on Fridays.\nSee **https://uni.edu/labs** for rooms.',
  },
]);

describe('ExcerptText', () => {
  it('lays out each lead, then its passage as a quotation with the best sentence highlighted', () => {
    const { container } = render(<ExcerptText text={OFFICE_HOURS} />);
    const leads = container.querySelectorAll('p');
    expect([...leads].map((p) => p.textContent)).toEqual([
      'Here is what the syllabus says about Office Hours:',
      'Here is what the lab guide says about Lab Hours:',
    ]);
    const quotes = container.querySelectorAll('blockquote');
    expect(quotes).toHaveLength(2);
    expect(quotes[0]!.textContent).toBe(
      'Office hours are on Tuesdays. They run from 2 to 4 pm in Science Hall 210. Email first.',
    );
    expect(quotes[0]!.querySelector('mark')!.textContent).toBe(
      'They run from 2 to 4 pm in Science Hall 210.',
    );
    // the passage's own line breaks are kept, and its marked link is a link
    expect(quotes[1]!.textContent).toBe(
      'Labs meet on Fridays.\nSee https://uni.edu/labs for rooms.',
    );
    expect(quotes[1]!.className).toContain('whitespace-pre-wrap');
    const link = screen.getByRole('link', { name: 'https://uni.edu/labs' });
    expect(link.closest('mark')).not.toBeNull();
    expect(link).toHaveAttribute('target', '_blank');
    // never the marks themselves
    expect(container.textContent).not.toContain('**');
    expect(container.textContent).not.toMatch(/(^|\n)>/);
  });

  it('shows markup in the material as text, never as elements', () => {
    const hostile = excerptText([
      {
        lead: 'Here is what the <i>syllabus</i> says:',
        quote: '<img src=x onerror="window.pwned = true"> **<script>window.pwned = true</script>**',
      },
    ]);
    const { container } = render(<ExcerptText text={hostile} />);
    expect(container.querySelector('img, script, i')).toBeNull();
    expect(container.querySelector('mark')!.textContent).toBe(
      '<script>window.pwned = true</script>',
    );
    expect(container.textContent).toContain('<img src=x onerror="window.pwned = true">');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('links nothing when linkify is off', () => {
    const { container } = render(<ExcerptText text={OFFICE_HOURS} linkify={false} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('https://uni.edu/labs');
  });

  it('quotes a whole text that does not follow the excerpt form (an older reply)', () => {
    expect(quotations('Grading: homework 20%, exams 80%.')).toEqual([
      { lead: '', quote: 'Grading: homework 20%, exams 80%.' },
    ]);
    const { container } = render(<ExcerptText text="Grading: homework **20%**." />);
    expect(container.querySelector('p')).toBeNull();
    expect(container.querySelector('blockquote')!.textContent).toBe('Grading: homework 20%.');
    expect(container.querySelector('mark')!.textContent).toBe('20%');
  });

  it('drops blank leads and marks left in a lead', () => {
    expect(quotations('\n**Here** is what it says:\n> A.\n')).toEqual([
      { lead: 'Here is what it says:', quote: 'A.' },
    ]);
  });
});

describe('the kind of a reply', () => {
  it('is named for the reader, in the material’s own word', () => {
    expect(replyKindName('answer')).toBe('Answer');
    expect(replyKindName('excerpt')).toBe('Excerpt from the course material');
    expect(replyKindName('none')).toBe('Not in the course material');
    expect(replyKindName('excerpt', 'document')).toBe('Excerpt from the document');
  });

  it('heads an excerpt and a reply not covered; an answer is named for screen readers only', () => {
    const { container, rerender } = render(<ReplyKindLabel kind="answer" />);
    expect(container.textContent).toBe('Answer: ');
    expect(container.firstElementChild).toHaveClass('sr-only');
    rerender(<ReplyKindLabel kind="excerpt" />);
    expect(container.textContent).toBe('Excerpt from the course material:');
    expect(container.firstElementChild).not.toHaveClass('sr-only');
    rerender(<ReplyKindLabel kind="none" material="document" />);
    expect(container.textContent).toBe('Not in the document:');
  });

  it('starts what the bubble says, and names its article', () => {
    const reply = { response: OFFICE_HOURS, kind: 'excerpt' as const, citations: [] };
    render(<AnswerBubble reply={reply} />);
    const article = screen.getByRole('article', {
      name: 'Answer: excerpt from the course material',
    });
    expect(article.textContent).toMatch(
      /^Excerpt from the course material:Here is what the syllabus says about Office Hours:/,
    );
  });
});

describe('excerptPreview', () => {
  it('reads a flattened excerpt as plain text', () => {
    expect(
      excerptPreview(
        'Here is what the syllabus says about Office Hours: > Office hours are on Tuesdays. > **They run from 2 to 4 pm.** Email…',
      ),
    ).toBe(
      'Here is what the syllabus says about Office Hours: Office hours are on Tuesdays. They run from 2 to 4 pm. Email…',
    );
    expect(excerptPreview(OFFICE_HOURS)).toBe(
      'Here is what the syllabus says about Office Hours: Office hours are on Tuesdays. They run from 2 to 4 pm in Science Hall 210. Email first. Here is what the lab guide says about Lab Hours: Labs meet on Fridays. See https://uni.edu/labs for rooms.',
    );
    // a comparison in the material stays
    expect(excerptPreview('Scores >90 are an A')).toBe('Scores >90 are an A');
  });
});

describe('datedList', () => {
  it('reads an answer that lists days: its heading and a row a day', () => {
    expect(
      datedList('The next exam:\nTue, Oct 14: Midterm 1\nWed, Oct 15, 2026: Lab quiz'),
    ).toEqual({
      heading: 'The next exam:',
      rows: [
        { day: 'Tue, Oct 14', what: 'Midterm 1' },
        { day: 'Wed, Oct 15, 2026', what: 'Lab quiz' },
      ],
    });
  });

  it('leaves any other answer as text', () => {
    expect(datedList('The midterm is on October 14.')).toBeNull();
    expect(datedList('Due this week:\nTue, Oct 14: Essay\nand more')).toBeNull();
    expect(datedList('Tue, Oct 14: Essay')).toBeNull();
  });
});
