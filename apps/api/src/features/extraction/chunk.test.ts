import { describe, expect, it } from 'vitest';
import { chunkText, countWords } from './index.ts';

function words(n: number, tag: string): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(i % 12 === 11 ? `${tag}${i}.` : `${tag}${i}`);
  return out.join(' ');
}

describe('countWords', () => {
  it('counts words, not markup', () => {
    expect(countWords('# Heading\n\n- one item\na | b | c')).toBe(6);
    expect(countWords("l'élève don't state-of-the-art 3.14 — ok")).toBe(5);
    expect(countWords('  \n ')).toBe(0);
  });
});

describe('chunkText', () => {
  const text = [
    '# Unit One',
    '',
    words(180, 'alpha'),
    '',
    words(160, 'beta'),
    '',
    '## Second Part',
    '',
    words(500, 'gamma'),
    '',
    '- a short list item',
    '- another list item',
    '',
    '# Tiny',
    '',
    'Just a few words here.',
  ].join('\n');
  const chunks = chunkText(text);

  it('keeps chunks within ~100–250 words, except a short section', () => {
    for (const c of chunks) {
      expect(c.wordCount).toBe(countWords(c.body));
      expect(c.wordCount).toBeLessThanOrEqual(250);
      if (c.heading !== 'Tiny') expect(c.wordCount).toBeGreaterThanOrEqual(100);
    }
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });

  it('carries the heading on every chunk and never mixes sections', () => {
    expect(new Set(chunks.map((c) => c.heading))).toEqual(
      new Set(['Unit One', 'Second Part', 'Tiny']),
    );
    for (const c of chunks) {
      if (c.heading === 'Unit One') expect(c.body).not.toMatch(/gamma/);
      if (c.heading === 'Second Part') expect(c.body).not.toMatch(/alpha|beta/);
      expect(c.body).not.toMatch(/^#/m);
    }
    expect(chunks.find((c) => c.heading === 'Tiny')?.body).toBe('Just a few words here.');
    expect(chunks.some((c) => c.body.includes('- a short list item\n- another list item'))).toBe(
      true,
    );
  });

  it('overlaps neighbours in the same section by ~30 words', () => {
    const second = chunks.filter((c) => c.heading === 'Second Part');
    expect(second.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < second.length; i++) {
      const prevTail = second[i - 1]!.body.split(/\s+/).slice(-10).join(' ');
      expect(second[i]!.body.replace(/\s+/g, ' ')).toContain(prevTail);
      const head = second[i]!.body.split(/\s+/).slice(0, 30).join(' ');
      expect(second[i - 1]!.body.replace(/\s+/g, ' ')).toContain(head);
    }
    // no overlap across a heading
    const firstOfSecond = second[0]!;
    expect(firstOfSecond.body).toMatch(/^gamma0 /);
  });

  it('covers all the text and is deterministic', () => {
    const all = chunks.map((c) => c.body).join(' ');
    for (const w of ['alpha0', 'alpha179', 'beta159', 'gamma0', 'gamma499'])
      expect(all).toContain(w);
    expect(chunkText(text)).toEqual(chunks);
    expect(chunkText('')).toEqual([]);
    expect(chunkText('No heading here.')).toEqual([
      { position: 0, heading: null, body: 'No heading here.', wordCount: 3 },
    ]);
  });

  it('splits one very long paragraph without sentence breaks', () => {
    const long = chunkText(words(1000, 'w').replace(/\./g, ''));
    expect(long.length).toBeGreaterThanOrEqual(4);
    for (const c of long) expect(c.wordCount).toBeLessThanOrEqual(250);
  });
});
