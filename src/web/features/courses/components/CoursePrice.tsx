import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatEuros } from '../../../../shared/french-format';
import { visuallyHidden } from '../../../components/visually-hidden';

/** The price in euros; with a discount, the original is struck through and both are read out with their meaning. */
export function CoursePrice({ price, discountPrice, size = 'medium' }: { price: number; discountPrice: number | null; size?: 'medium' | 'large' }) {
  const main: TypographyProps = { component: 'span', sx: { fontWeight: 800, color: 'primary.dark', fontSize: size === 'large' ? 32 : 20 } };
  if (discountPrice === null) {
    return (
      <Typography {...main}>
        <Box component="span" sx={visuallyHidden}>
          Prix :{' '}
        </Box>
        {price === 0 ? 'Gratuit' : formatEuros(price)}
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography {...main}>
        <Box component="span" sx={visuallyHidden}>
          Prix remisé :{' '}
        </Box>
        {formatEuros(discountPrice)}
      </Typography>
      <Typography component="del" sx={{ color: 'text.secondary', fontSize: size === 'large' ? 20 : 15 }}>
        <Box component="span" sx={visuallyHidden}>
          Prix initial :{' '}
        </Box>
        {formatEuros(price)}
      </Typography>
    </Box>
  );
}
