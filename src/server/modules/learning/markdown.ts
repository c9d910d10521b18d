import MarkdownIt from 'markdown-it';

/**
 * Lesson Markdown to HTML that is safe to insert in the page: raw HTML is escaped (html: false),
 * markdown-it's link check drops javascript:, vbscript:, file: and non-image data: addresses,
 * and every link opens in a new tab without giving that tab a handle on the player.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, index, options);
};

export function renderLessonMarkdown(source: string): string {
  return md.render(source);
}
