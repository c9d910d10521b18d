import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { RATING_MAX } from '../../../../shared/satisfaction';
import { ratingLabel, ratingMeanings } from '../rating-text';

interface RatingFieldProps {
  /** The group's visible label (its legend). */
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** Used by the form to focus the field when it is wrong (the checked star, else the first one). */
  inputRef?: (target: { focus: () => void } | null) => void;
  error?: string;
  /** Radio group name: unique on the page. */
  name: string;
}

/**
 * A note from 1 to 5 stars: a group of radio buttons under a legend (arrow keys move between the
 * stars), each star named "4 sur 5 – Satisfait"; the meaning of the chosen (or hovered) note shows beside it.
 */
export function RatingField({ label, value, onChange, inputRef, error, name }: RatingFieldProps) {
  const errorId = useId();
  const [hover, setHover] = useState(-1);
  const shown = hover > 0 ? hover : value;
  const focus = (fieldset: HTMLFieldSetElement | null) => {
    inputRef?.(fieldset ? { focus: () => (fieldset.querySelector<HTMLInputElement>('input:checked') ?? fieldset.querySelector('input'))?.focus() } : null);
  };
  return (
    <Box component="fieldset" ref={focus} aria-describedby={error ? errorId : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Rating
          name={name}
          value={value}
          max={RATING_MAX}
          size="large"
          getLabelText={ratingLabel}
          emptyLabelText="Aucune note"
          onChange={(_event, next) => onChange(next)}
          onChangeActive={(_event, next) => setHover(next)}
          // The unselected stars keep a 3:1 contrast with the background (WCAG 1.4.11).
          sx={{ '& .MuiRating-iconEmpty': { color: 'text.secondary' } }}
        />
        {shown !== null && shown > 0 && <Typography aria-hidden>{ratingMeanings[shown]}</Typography>}
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
