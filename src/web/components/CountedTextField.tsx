import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatNumber } from '../../shared/french-format';

type CountedTextFieldProps = Omit<TextFieldProps, 'value' | 'error' | 'helperText'> & {
  value: string;
  /** The most characters the server takes: the field stops there, and the count shows it. */
  max: number;
  /** What to write, shown before the count while there is no error. */
  hint?: string;
  error?: string | null;
};

/** A required text of several lines with its bound: « 12 / 1 000 caractères » under it, or its error. */
export function CountedTextField({ value, max, hint, error, ...props }: CountedTextFieldProps) {
  const count = `${value.length} / ${formatNumber(max)} caractères`;
  return (
    <TextField
      required
      multiline
      minRows={3}
      fullWidth
      {...props}
      value={value}
      error={Boolean(error)}
      helperText={error ?? (hint ? `${hint} (${count}).` : count)}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}
