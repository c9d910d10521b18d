import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formatEuros } from '../../../../shared/french-format';
import { CREDIT_NOTE_REASON_MAX, invoiceMessages, type InvoiceSummary } from '../../../../shared/invoices';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useIssueCreditNote } from '../api/invoices-api';

const fields = ['reason', 'amount'] as const;
type Field = (typeof fields)[number];

/** « Émettre un avoir »: an invoice is never edited; a refund, a withdrawal or an error is corrected by a credit note. */
export function CreditNoteDialog({ invoice, onClose, onSaved }: { invoice: InvoiceSummary; onClose: () => void; onSaved: (message: string) => void }) {
  const issue = useIssueCreditNote();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const remaining = invoice.total_cents - invoice.credited_cents;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setErrors({ reason: invoiceMessages.reasonRequired });
      return;
    }
    setErrors({});
    issue.mutate(
      { id: invoice.id, reason, amount: amount.trim() || null },
      {
        onSuccess: (note) => onSaved(`L’avoir ${note.number} est émis.`),
        onError: (error) => setErrors(serverFieldMessages(error, fields)),
      },
    );
  };
  const formError = issue.error instanceof ApiError && Object.keys(serverFieldMessages(issue.error, fields)).length === 0 ? issue.error.message : null;

  return (
    <FormDialog title="Émettre un avoir" submitLabel="Émettre l’avoir" pending={issue.isPending} error={formError} onSubmit={submit} onClose={onClose}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{`Facture ${invoice.number} : ${formatEuros(remaining / 100)} peuvent encore être crédités.`}</Typography>
        <TextField label="Motif" required multiline minRows={2} value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(errors.reason)} helperText={errors.reason ?? 'Remboursement, rétractation, erreur de facturation…'} slotProps={{ htmlInput: { maxLength: CREDIT_NOTE_REASON_MAX } }} />
        <TextField label="Montant TTC (€)" value={amount} onChange={(e) => setAmount(e.target.value)} error={Boolean(errors.amount)} helperText={errors.amount ?? 'Laissez vide pour annuler tout ce qui reste.'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Stack>
    </FormDialog>
  );
}
