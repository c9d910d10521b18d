import type { MarkdownIt } from 'markdown-it';

/**
 * Lesson Markdown to HTML that is safe to insert in the page: raw HTML is escaped (html: false),
 * markdown-it's link check drops javascript:, vbscript:, file: and non-image data: addresses,
 * and every link opens in a new tab without giving that tab a handle on the player.
 */
async function createRenderer(): Promise<MarkdownIt> {
  // Loaded on the first lesson shown, not at start (issue 16, goal 4).
  const { default: MarkdownIt } = await import('markdown-it');
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
    return self.renderToken(tokens, index, options);
  };
  return md;
}

let renderer: Promise<MarkdownIt> | undefined;

export async function renderLessonMarkdown(source: string): Promise<string> {
  renderer ??= createRenderer();
  return (await renderer).render(source);
}
