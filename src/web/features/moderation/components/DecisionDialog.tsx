import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import {
  DECISION_REASON_MAX,
  decisionBodySchema,
  moderationActions,
  reportTargetLabels,
  type AdminReport,
  type ModerationAction,
  type ModerationDecision,
} from '../../../../shared/moderation';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useDecideReport } from '../api/reports';
import { CountedTextField } from '../../../components/CountedTextField';

/** What each choice does, as the form says it. */
const actionChoices: Record<ModerationAction, { label: string; contestLabel: string; help: string }> = {
  keep: { label: 'Maintenir le contenu', contestLabel: 'Annuler la décision contestée (le contenu est de nouveau visible)', help: 'Le contenu reste visible.' },
  hide: { label: 'Masquer le contenu', contestLabel: 'Confirmer le masquage', help: 'Seuls son auteur et les administrateurs le voient encore.' },
  delete: { label: 'Supprimer le contenu', contestLabel: 'Confirmer la suppression', help: 'Définitif : le contenu ne pourra pas être rétabli.' },
};

type Field = 'action' | 'reason';

function choiceLabel(action: ModerationAction, contest: boolean, deleted: boolean): string {
  if (contest && deleted && action === 'keep') return 'Annuler la décision – le contenu supprimé ne peut pas être rétabli.';
  return `${contest ? actionChoices[action].contestLabel : actionChoices[action].label} – ${actionChoices[action].help}`;
}

/**
 * The administrator's decision on a report or a contest: keep, hide or delete, with the reason
 * sent to the author and to every reporter. A deleted content cannot come back: on its contest
 * the deletion is confirmed, or the decision annulled without the content.
 */
export function DecisionDialog({ item, onClose, onDecided }: { item: AdminReport; onClose: () => void; onDecided: (decision: ModerationDecision) => void }) {
  const legendId = useId();
  const helpId = useId();
  const decide = useDecideReport();
  const contest = item.kind === 'contest';
  const deleted = item.contested_decision?.action === 'delete';
  const [action, setAction] = useState<ModerationAction | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const firstChoice = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const serverError = decide.error && !(decide.error instanceof ApiError && decide.error.fieldErrors) ? decide.error.message : null;

  return (
    <FormDialog
      title={contest ? 'Répondre à la contestation' : 'Décider du signalement'}
      submitLabel="Enregistrer la décision"
      pending={decide.isPending}
      error={serverError}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (decide.isPending) return;
        const parsed = decisionBodySchema.safeParse({ action: action || undefined, reason });
        if (!parsed.success) {
          const found: Partial<Record<Field, string>> = {};
          for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
          setErrors(found);
          if (found.action) firstChoice.current?.focus();
          else reasonRef.current?.focus();
          return;
        }
        setErrors({});
        decide.mutate({ id: item.id, ...parsed.data }, { onSuccess: onDecided, onError: (error) => setErrors(serverFieldMessages(error, ['action', 'reason'] as const)) });
      }}
    >
      <Typography sx={{ mb: 1 }}>
        {reportTargetLabels[item.target_type]} : « {item.excerpt} »
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        La décision s’applique à tous les signalements ouverts sur ce contenu ({item.open_on_target}). Son motif est communiqué à l’auteur et aux
        signalants, avec les voies de recours.
      </Typography>
      <FormControl error={errors.action !== undefined} required component="fieldset" sx={{ mb: 2 }}>
        <FormLabel id={legendId} component="legend">
          Décision
        </FormLabel>
        <RadioGroup aria-labelledby={legendId} aria-describedby={errors.action ? helpId : undefined} name={`decision-${item.id}`} value={action} onChange={(event) => setAction(event.target.value as ModerationAction)}>
          {moderationActions.map((value, index) => (
            <FormControlLabel
              key={value}
              value={value}
              disabled={deleted && value === 'hide'}
              control={<Radio slotProps={{ input: index === 0 ? { ref: firstChoice } : {} }} />}
              label={choiceLabel(value, contest, deleted)}
            />
          ))}
        </RadioGroup>
        {deleted && <FormHelperText>Ce contenu a été supprimé : il ne peut pas être rétabli. Annuler la décision la déclare injustifiée auprès de l’auteur, sans retour du contenu.</FormHelperText>}
        {errors.action && <FormHelperText id={helpId}>{errors.action}</FormHelperText>}
      </FormControl>
      <CountedTextField label="Motif de la décision" value={reason} onChange={(event) => setReason(event.target.value)} max={DECISION_REASON_MAX} inputRef={reasonRef} hint="La règle ou la loi appliquée, et les faits retenus" error={errors.reason} />
    </FormDialog>
  );
}
