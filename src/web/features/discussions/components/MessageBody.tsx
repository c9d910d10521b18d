import Box from '@mui/material/Box';

/** A message as the server rendered it (Markdown without raw HTML, links made safe there, like lessons). */
export function MessageBody({ html }: { html: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: 1.6,
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p': { my: 1 },
        '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: '1.1rem', my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1 },
        '& a': { color: 'primary.dark', textDecoration: 'underline' },
        '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& blockquote': { borderLeft: 4, borderColor: 'primary.light', m: 0, my: 1, pl: 2, color: 'text.secondary' },
        '& img': { maxWidth: '100%', height: 'auto' },
      }}
      // Safe by construction: the server escapes raw HTML and filters link addresses (learning/markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
