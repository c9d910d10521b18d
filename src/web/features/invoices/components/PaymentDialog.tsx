import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formatEuros } from '../../../../shared/french-format';
import { invoiceMessages, type InvoiceSummary } from '../../../../shared/invoices';
import { parisDay } from '../../../../shared/paris-days';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useRecordPayment } from '../api/invoices-api';

const fields = ['amount', 'received_on'] as const;
type Field = (typeof fields)[number];

/** « Enregistrer un paiement »: the amount received by transfer and the day it arrived; the remaining due is proposed. */
export function PaymentDialog({ invoice, onClose, onSaved }: { invoice: InvoiceSummary; onClose: () => void; onSaved: (message: string) => void }) {
  const record = useRecordPayment();
  const [amount, setAmount] = useState((invoice.due_cents / 100).toFixed(2).replace('.', ','));
  const [receivedOn, setReceivedOn] = useState(parisDay(new Date()));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (!amount.trim()) local.amount = invoiceMessages.amountRequired;
    if (!receivedOn) local.received_on = invoiceMessages.receivedOnRequired;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    record.mutate(
      { id: invoice.id, amount, received_on: receivedOn },
      {
        onSuccess: (updated) => onSaved(updated.status === 'paid' ? `Le paiement est enregistré : la facture ${invoice.number} est payée.` : invoiceMessages.paymentRecorded),
        onError: (error) => setErrors(serverFieldMessages(error, fields)),
      },
    );
  };
  const formError = record.error instanceof ApiError && Object.keys(serverFieldMessages(record.error, fields)).length === 0 ? record.error.message : null;

  return (
    <FormDialog title="Enregistrer un paiement" submitLabel="Enregistrer le paiement" pending={record.isPending} error={formError} onSubmit={submit} onClose={onClose}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography color="text.secondary">
          {`Facture ${invoice.number}, ${invoice.buyer_name} : reste dû ${formatEuros(invoice.due_cents / 100)}.`}
        </Typography>
        <TextField label="Montant reçu (€)" required value={amount} onChange={(e) => setAmount(e.target.value)} error={Boolean(errors.amount)} helperText={errors.amount ?? 'Par exemple 120 ou 120,50.'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField label="Reçu le" type="date" required value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} error={Boolean(errors.received_on)} helperText={errors.received_on} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: parisDay(new Date()) } }} />
      </Stack>
    </FormDialog>
  );
}
