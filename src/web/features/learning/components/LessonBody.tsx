import Box from '@mui/material/Box';

/**
 * The lesson's text as the server rendered it (Markdown without raw HTML, links made safe there),
 * set for reading: a comfortable measure, spaced headings and lists, visible links, wrapped code.
 */
export function LessonBody({ html }: { html: string }) {
  return (
    <Box
      className="lesson-body"
      sx={{
        maxWidth: '72ch',
        fontSize: '1.0625rem',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        // The page's own title is the only level-1 heading: the lesson's headings read one step lower in size.
        '& h1, & h2': { fontSize: { xs: '1.4rem', md: '1.6rem' }, lineHeight: 1.3, mt: 4, mb: 1.5, color: 'primary.dark' },
        '& h3, & h4, & h5, & h6': { fontSize: '1.2rem', lineHeight: 1.35, mt: 3, mb: 1 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1.5 },
        '& li': { my: 0.5 },
        '& a': { color: 'primary.dark', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& a:hover': { textDecorationThickness: '2px' },
        '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'grey.100', p: 2, borderRadius: 1, overflowX: 'auto', whiteSpace: 'pre' },
        '& pre code': { bgcolor: 'transparent', p: 0, overflowWrap: 'normal' },
        '& blockquote': { borderLeft: 4, borderColor: 'primary.light', m: 0, my: 2, pl: 2, color: 'text.secondary' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
      }}
      // Safe by construction: the server escapes raw HTML and filters link addresses (markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
