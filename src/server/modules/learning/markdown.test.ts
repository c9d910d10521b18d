import { describe, expect, it } from 'vitest';
import { renderLessonMarkdown } from './markdown';

describe('lesson Markdown rendering', () => {
  it('renders headings, emphasis, lists and code', async () => {
    expect(await renderLessonMarkdown('# Titre\n\n- **gras**\n- *italique*\n\n`code`')).toBe(
      '<h1>Titre</h1>\n<ul>\n<li><strong>gras</strong></li>\n<li><em>italique</em></li>\n</ul>\n<p><code>code</code></p>\n',
    );
  });

  it('escapes raw HTML, scripts and event handlers instead of keeping them', async () => {
    const html = await renderLessonMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nTexte <b>gras</b>');
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;gras&lt;/b&gt;');
  });

  it('opens links in a new tab that gets no handle on the player', async () => {
    expect(await renderLessonMarkdown('[ADEME](https://www.ademe.fr)')).toBe(
      '<p><a href="https://www.ademe.fr" target="_blank" rel="noopener noreferrer">ADEME</a></p>\n',
    );
    expect(await renderLessonMarkdown('Voir https://www.ademe.fr')).toContain('<a href="https://www.ademe.fr" target="_blank" rel="noopener noreferrer">');
  });

  it('leaves no javascript:, vbscript: or data: link, however it is spelt', async () => {
    for (const source of [
      '[clic](javascript:alert(1))',
      '[clic](JaVaScRiPt:alert(1))',
      '[clic](java&#x09;script:alert(1))',
      '[clic](&#106;avascript:alert(1))',
      '[clic](vbscript:msgbox(1))',
      '[clic](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<javascript:alert(1)>',
    ]) {
      const html = await renderLessonMarkdown(source);
      // A kept address is percent-encoded into a harmless relative link; the browser resolves it the same way.
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(new URL(href!, 'https://ecoforma.test/lecon').protocol, source).toBe('https:');
      }
    }
    expect(await renderLessonMarkdown('[clic](javascript:alert(1))')).toBe('<p>[clic](javascript:alert(1))</p>\n');
  });

  it('keeps a javascript: image source out of the page', async () => {
    expect(await renderLessonMarkdown('![x](javascript:alert(1))')).not.toContain('<img');
  });
});
