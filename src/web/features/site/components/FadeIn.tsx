import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';

const appear = keyframes`
  from { opacity: 0; transform: translateY(16px); }
  to { opacity: 1; transform: none; }
`;

/**
 * The landing page's cosmetic 800 ms fade-in, done in CSS rather than with a transition component
 * (lighter for the landing page's JavaScript budget); skipped for readers who ask for less motion.
 */
export function FadeIn({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  return (
    <Box
      sx={{
        animation: `${appear} 800ms ease-out ${delay}ms both`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
