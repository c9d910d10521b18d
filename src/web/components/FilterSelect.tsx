import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A list filter: one choice among `options`, or none (`''`, labelled `anyLabel`, e.g. « Toutes les régions »). */
export function FilterSelect({ label, anyLabel, value, options, onChange }: { label: string; anyLabel: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
