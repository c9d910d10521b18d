import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type SignaturePadType from 'signature_pad';
import { sessionMessages, TYPED_NAME_MAX, type SignatureBody } from '../../../../shared/live-sessions';

interface Props {
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown under the pad. */
  error: string | null;
  onSubmit: (body: SignatureBody) => void;
  /** The name suggested for the typed signature. */
  defaultName?: string;
}

/** What the hint above the pad says as it loads, once it takes strokes, or where it cannot be drawn on. */
const typeInstead = 'Vous ne pouvez pas dessiner ? Choisissez « Taper mon nom ».';
const padHints = {
  loading: `Préparation du cadre de signature… ${typeInstead}`,
  ready: `Signez dans le cadre avec le doigt ou la souris. ${typeInstead}`,
  unavailable: 'Ce navigateur ne permet pas de dessiner une signature : choisissez « Taper mon nom ».',
};

/**
 * A signature: drawn with a finger or a mouse on a pad (signature_pad), or, for whoever cannot
 * draw, the name typed on the keyboard, which the server renders into the image (decision 049).
 */
export function SignatureInput({ submitLabel, pending, error, onSubmit, defaultName = '' }: Props) {
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [name, setName] = useState(defaultName);
  const [localError, setLocalError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadType | null>(null);
  // The pad's code arrives after the dialog opens: a stroke drawn before it listens would be lost,
  // and « Valider » would then say the frame is empty.
  const [padState, setPadState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const hintId = useId();

  useEffect(() => {
    if (mode !== 'draw' || !canvasRef.current) return;
    let cancelled = false;
    const canvas = canvasRef.current;
    // Loaded with the pad, not with the page's first chunk.
    void import('signature_pad').then(({ default: SignaturePad }) => {
      if (cancelled) return;
      // No 2D context (a browser without canvas): the typed name remains.
      if (!canvas.getContext('2d')) return setPadState('unavailable');
      // Sharp on high-density phone screens: the canvas's pixels follow the device's.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      padRef.current = new SignaturePad(canvas, { penColor: '#1a237e', minWidth: 1, maxWidth: 2.5 });
      setPadState('ready');
    });
    return () => {
      cancelled = true;
      padRef.current?.off();
      padRef.current = null;
      setPadState('loading');
    };
  }, [mode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLocalError(null);
    if (mode === 'type') {
      if (!name.trim()) return setLocalError(sessionMessages.typedNameRequired);
      return onSubmit({ typed_name: name.trim() });
    }
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return setLocalError(sessionMessages.signatureEmpty);
    onSubmit({ signature_png: pad.toDataURL('image/png') });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, value: 'draw' | 'type' | null) => value && setMode(value)} aria-label="Manière de signer">
          <ToggleButton value="draw">Dessiner ma signature</ToggleButton>
          <ToggleButton value="type">Taper mon nom</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'draw' ? (
          <Stack spacing={1}>
            <Typography id={hintId} variant="body2" color="text.secondary">
              {padHints[padState]}
            </Typography>
            <Box
              component="canvas"
              ref={canvasRef}
              role="img"
              aria-label="Cadre de signature"
              aria-describedby={hintId}
              aria-busy={padState === 'loading'}
              sx={{ width: '100%', height: 180, border: 2, borderColor: 'primary.main', borderRadius: 1, touchAction: 'none', bgcolor: '#fff', display: 'block' }}
            />
            <Button type="button" size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => padRef.current?.clear()}>
              Effacer
            </Button>
          </Stack>
        ) : (
          <TextField
            label="Votre nom complet"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: TYPED_NAME_MAX, autoComplete: 'name' } }}
            helperText="Votre nom tapé vaut signature : il est reproduit sur la feuille d’émargement."
            fullWidth
          />
        )}
        {(localError ?? error) && (
          <Alert severity="error" role="alert">
            {localError ?? error}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
