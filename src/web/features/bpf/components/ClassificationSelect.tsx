import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A classification's choice, « Non renseigné » first (null). Saves as soon as it changes. */
export function ClassificationSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  minWidth = 220,
}: {
  label: string;
  value: V | null | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | null) => void;
  disabled?: boolean;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as V))}
      sx={{ minWidth, maxWidth: '100%' }}
    >
      <MenuItem value="">Non renseigné</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} sx={{ whiteSpace: 'normal' }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
