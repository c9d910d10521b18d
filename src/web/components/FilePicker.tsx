import AttachFileIcon from './icons/AttachFile';
import CloseIcon from './icons/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { formatFileSize } from '../../shared/french-format';
import { visuallyHidden } from './visually-hidden';

/** A file picker zone: the native input stays focusable (visually hidden) and its focus shows on the zone. */
export function FilePicker({
  label,
  hint,
  accept,
  buttonText,
  icon,
  disabled,
  error,
  onChoose,
}: {
  label: string;
  hint: string;
  accept: string;
  buttonText: string;
  icon: ReactNode;
  disabled: boolean;
  error: string | null;
  onChoose: (file: File | undefined) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <Box>
      <Box
        component="label"
        htmlFor={inputId}
        sx={{
          display: 'flex',
          // On a phone the button goes under the text instead of pushing past the screen's edge.
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          cursor: disabled ? 'default' : 'pointer',
          bgcolor: 'background.default',
          '&:hover': { borderColor: disabled ? undefined : 'primary.main' },
          '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography id={hintId} variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </Box>
        <Box component="span" sx={{ px: 2, py: 1, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {buttonText}
        </Box>
        <input
          id={inputId}
          type="file"
          accept={accept}
          aria-label={label}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? 'true' : undefined}
          disabled={disabled}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onChoose(event.target.files?.[0]);
            // Choosing the same file again after removing it must fire 'change' again.
            event.target.value = '';
          }}
          style={visuallyHidden}
        />
      </Box>
      {error && (
        <Typography id={errorId} color="error" variant="body2" role="alert" sx={{ mt: 0.5, mx: 1.75 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

export function ChosenFile({ name, size, onRemove, disabled, removeLabel }: { name: string; size: number; onRemove: () => void; disabled: boolean; removeLabel: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <AttachFileIcon color="primary" aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatFileSize(size)}
        </Typography>
      </Box>
      <IconButton onClick={onRemove} disabled={disabled} aria-label={removeLabel}>
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

/**
 * Real progress of an upload (XMLHttpRequest upload events): "Envoi…" while bytes
 * leave the browser, "Traitement…" once the server checks and keeps the file.
 */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }} aria-live="polite">
        <Typography variant="body2">{percent < 100 ? 'Envoi…' : 'Traitement…'}</Typography>
        <Typography variant="body2">{`${percent}\u00a0%`}</Typography>
      </Stack>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
    </Box>
  );
}
