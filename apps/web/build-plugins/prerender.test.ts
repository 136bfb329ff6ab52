import { describe, expect, it } from 'vitest';
import { pageDocument, pageFileName } from './prerender.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Syllabot</title>
<script type="module" src="/assets/index-Ab.js"></script></head>
<body><div id="root"></div></body></html>`;

describe('pageFileName', () => {
  it('names a page by its route, without its parameters', () => {
    expect(pageFileName('/')).toBe('index.html');
    expect(pageFileName('/terms')).toBe('terms.html');
    expect(pageFileName('/chat/:chatUuid')).toBe('chat.html');
  });
});

describe('pageDocument', () => {
  it("puts the page's markup in the root, marked as rendered at build, and its title in the head", () => {
    const html = pageDocument(INDEX_HTML, {
      html: '<main><h1>Terms</h1></main>',
      title: 'Terms of Service · Syllabot',
    });
    expect(html).toBe(
      INDEX_HTML.replace(
        '<title>Syllabot</title>',
        '<title>Terms of Service · Syllabot</title>',
      ).replace(
        '<div id="root"></div>',
        '<div id="root" data-prerendered><main><h1>Terms</h1></main></div>',
      ),
    );
  });

  it('keeps the title of index.html when the page sets none, and the markup exactly as rendered', () => {
    const markup = '<p>$& costs $1 &amp; more</p>';
    const html = pageDocument(INDEX_HTML, { html: markup, title: undefined });
    expect(html).toContain('<title>Syllabot</title>');
    expect(html).toContain(`<div id="root" data-prerendered>${markup}</div>`);
  });

  it('escapes the title', () => {
    const html = pageDocument(INDEX_HTML, { html: '', title: 'A <b> & c' });
    expect(html).toContain('<title>A &lt;b&gt; &amp; c</title>');
  });

  it('refuses a document without the empty root the markup goes in', () => {
    expect(() =>
      pageDocument(INDEX_HTML.replace('<div id="root"></div>', ''), { html: '', title: 'x' }),
    ).toThrow(/no <div id="root"><\/div>/);
  });
});
