import { alpha, styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

export type LinkButtonVariant = 'contained' | 'outlined' | 'text';

/**
 * A router link that looks like a MUI button. The nav bar, footer and landing page use it instead
 * of <Button component={Link}>: same look, without the button machinery (ripple, loading spinner),
 * which keeps the landing page under its JavaScript budget.
 */
export const LinkButton = styled(RouterLink, {
  shouldForwardProp: (prop) => typeof prop === 'string' && !['variant', 'size', 'sx', 'ownerState', 'theme', 'as'].includes(prop),
})<{ variant?: LinkButtonVariant; size?: 'medium' | 'large' }>(({ theme, variant = 'text', size = 'medium' }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: size === 'large' ? 48 : 40,
  padding: size === 'large' ? '10px 22px' : '6px 16px',
  borderRadius: theme.shape.borderRadius,
  border: '1px solid transparent',
  fontWeight: 600,
  fontSize: size === 'large' ? '1.0625rem' : '0.9375rem',
  lineHeight: 1.5,
  textAlign: 'center',
  textDecoration: 'none',
  transition: 'background-color 150ms ease, border-color 150ms ease',
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.dark}`, outlineOffset: 2 },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  ...(variant === 'contained' && {
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    '&:hover': { backgroundColor: theme.palette.primary.dark },
  }),
  ...(variant === 'outlined' && {
    borderColor: theme.palette.primary.main,
    color: theme.palette.primary.dark,
    '&:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.08), borderColor: theme.palette.primary.dark },
  }),
  ...(variant === 'text' && {
    color: 'inherit',
    '&:hover': { backgroundColor: alpha(theme.palette.text.primary, 0.06) },
  }),
}));
