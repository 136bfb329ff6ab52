import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerText, splitLinks } from './answer-text';

describe('AnswerText', () => {
  it('shows markup in an answer as text and never creates elements from it', () => {
    const hostile =
      '<script>window.pwned = true</script> and <img src=x onerror="window.pwned = true"> <b>bold</b>';
    const { container } = render(<AnswerText text={hostile} />);
    expect(container.textContent).toBe(hostile);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('keeps line breaks as text with pre-wrap', () => {
    const { container } = render(<AnswerText text={'Line one\nLine two'} />);
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe('Line one\nLine two');
    expect(paragraph.className).toContain('whitespace-pre-wrap');
  });

  it('turns bare https URLs into safe new-tab links, leaving other schemes as text', () => {
    const { container } = render(
      <AnswerText text="See https://uni.edu/syllabus. Not javascript:alert(1) or http://plain.test" />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://uni.edu/syllabus');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.textContent).toContain('javascript:alert(1) or http://plain.test');
  });

  it('does not let a quote break out of a link', () => {
    expect(splitLinks('https://a.test/"onmouseover="x')).toEqual([
      { text: 'https://a.test/', href: 'https://a.test/' },
      { text: '"onmouseover="x' },
    ]);
  });
});
