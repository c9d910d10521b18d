import { createTheme } from '@mui/material/styles';

/**
 * Whoever asks their system for less motion (WCAG 2.3.3) gets none: no transition, no ripple.
 * Read once at start: a setting changed meanwhile applies from the next page load.
 */
const reducedMotion = typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
const noMotion = {
  create: () => 'none',
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

/** Green, calm and readable; every text colour passes WCAG AA on its background. */
export const theme = createTheme({
  ...(reducedMotion ? { transitions: noMotion } : {}),
  palette: {
    primary: { main: '#2e7d32', light: '#60ad5e', dark: '#1b5e20', contrastText: '#ffffff' },
    secondary: { main: '#00695c', light: '#439889', dark: '#003d33', contrastText: '#ffffff' },
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    // MUI's default info blue (#0288d1) gives white text 3.9:1, under AA; this one 7.4:1.
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#f6faf5', paper: '#ffffff' },
    text: { primary: '#1c2b1e', secondary: '#4a5a4c' },
  },
  shape: { borderRadius: 10 },
  typography: {
    // System fonts only: nothing is fetched from outside.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
