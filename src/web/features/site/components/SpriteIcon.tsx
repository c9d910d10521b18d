import Box from '@mui/material/Box';

/**
 * A decorative icon from the shipped sprite public/illustrations/icons.svg: the browser fetches
 * and caches the drawings once, so they cost the landing page no JavaScript.
 */
export function SpriteIcon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <Box component="svg" aria-hidden="true" focusable="false" width={size} height={size} sx={{ fill: 'currentColor', flexShrink: 0 }}>
      <use href={`/illustrations/icons.svg#${name}`} />
    </Box>
  );
}
