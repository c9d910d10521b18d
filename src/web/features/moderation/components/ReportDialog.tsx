import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useRef, useState } from 'react';
import {
  REPORT_EXPLANATION_MAX,
  reportBodySchema,
  reportReasonLabels,
  reportReasons,
  type ReportReason,
  type ReportTargetType,
} from '../../../../shared/moderation';
import { DialogForm } from '../../../components/FormDialog';
import { serverFieldMessages } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { useCreateReport } from '../api/reports';
import { CountedTextField } from '../../../components/CountedTextField';

/** What the dialog's title calls the reported content. */
const targetNames: Record<ReportTargetType, string> = {
  message: 'ce message',
  thread: 'cette discussion',
  reply: 'cette réponse',
  profile: 'ce profil',
  opportunity: 'cette opportunité',
};

type Field = 'reason' | 'explanation';

/**
 * The report form (DSA notice and action): a labelled group of reasons, the explanation, then a
 * confirmation in the same dialog (the focus moves to it). Opened by ReportButton.
 */
export function ReportDialog({ targetType, targetId, onClose }: { targetType: ReportTargetType; targetId: number; onClose: () => void }) {
  const titleId = useId();
  const reasonLabelId = useId();
  const reasonHelpId = useId();
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const explanationRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const pending = report.isPending;
  const serverError = report.error && !(report.error instanceof ApiError && report.error.fieldErrors) ? report.error.message : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = reportBodySchema.safeParse({ target_type: targetType, target_id: targetId, reason: reason || undefined, explanation });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (field === 'reason' || field === 'explanation') found[field] ??= issue.message;
      }
      setErrors(found);
      if (found.reason) firstReason.current?.focus();
      else explanationRef.current?.focus();
      return;
    }
    setErrors({});
    report.mutate(parsed.data, {
      onSuccess: (created) => {
        setDone(created.message);
        requestAnimationFrame(() => doneRef.current?.focus());
      },
      onError: (error) => setErrors(serverFieldMessages(error, ['reason', 'explanation'] as const)),
    });
  };

  return (
    <Dialog open onClose={() => !pending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Signaler {targetNames[targetType]}</DialogTitle>
      {done ? (
        <>
          <DialogContent>
            <Alert severity="success" ref={doneRef} tabIndex={-1} role="status">
              {done}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained" autoFocus>
              Fermer
            </Button>
          </DialogActions>
        </>
      ) : (
        <DialogForm submitLabel="Envoyer le signalement" pending={pending} error={serverError} onSubmit={submit} onClose={onClose}>
          <DialogContentText sx={{ mb: 2 }}>
            Signalez un contenu illicite ou contraire aux conditions d’utilisation. Un administrateur l’examinera et vous informera de sa décision.
            L’auteur ne saura pas qui l’a signalé.
          </DialogContentText>
          <FormControl error={errors.reason !== undefined} required component="fieldset" sx={{ mb: 2 }}>
            <FormLabel id={reasonLabelId} component="legend">
              Motif du signalement
            </FormLabel>
            <RadioGroup
              aria-labelledby={reasonLabelId}
              aria-describedby={errors.reason ? reasonHelpId : undefined}
              name={`motif-${titleId}`}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {reportReasons.map((value, index) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio slotProps={{ input: index === 0 ? { ref: firstReason } : {} }} />}
                  label={reportReasonLabels[value]}
                />
              ))}
            </RadioGroup>
            {errors.reason && <FormHelperText id={reasonHelpId}>{errors.reason}</FormHelperText>}
          </FormControl>
          <CountedTextField label="Explication" value={explanation} onChange={(event) => setExplanation(event.target.value)} max={REPORT_EXPLANATION_MAX} inputRef={explanationRef} hint="Ce qui pose problème, en quelques mots" error={errors.explanation} />
        </DialogForm>
      )}
    </Dialog>
  );
}
