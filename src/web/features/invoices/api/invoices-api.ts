import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInvoices, CreditNoteBody, InvoiceList, InvoiceStatus, InvoiceSummary, PaymentBody } from '../../../../shared/invoices';
import { apiFetch, downloadFile, toQuery } from '../../../lib/api-client';

/** Query keys of the invoices feature. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  mine: ['invoices', 'mine'] as const,
  organisation: ['invoices', 'organisation'] as const,
  admin: (year: number | null, status: InvoiceStatus | null) => ['invoices', 'admin', year, status] as const,
};

/** `GET /api/user/invoices` */
export function useMyInvoices() {
  return useQuery({ queryKey: invoiceKeys.mine, queryFn: ({ signal }) => apiFetch<InvoiceList>('/api/user/invoices', { signal }) });
}

/** `GET /api/organisation/invoices` */
export function useOrganisationInvoices() {
  return useQuery({ queryKey: invoiceKeys.organisation, queryFn: ({ signal }) => apiFetch<InvoiceList>('/api/organisation/invoices', { signal }) });
}

/** `GET /api/admin/invoices?year=&status=` */
export function useAdminInvoices(year: number | null, status: InvoiceStatus | null) {
  return useQuery({
    queryKey: invoiceKeys.admin(year, status),
    queryFn: ({ signal }) => apiFetch<AdminInvoices>(`/api/admin/invoices${toQuery({ year, status })}`, { signal }),
  });
}

/** `POST /api/admin/invoices/{id}/payments` */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PaymentBody & { id: number }) => apiFetch<InvoiceSummary>(`/api/admin/invoices/${id}/payments`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** `POST /api/admin/invoices/{id}/credit-notes` */
export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CreditNoteBody & { id: number }) => apiFetch<InvoiceSummary>(`/api/admin/invoices/${id}/credit-notes`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** `GET /api/invoices/{id}/pdf`, saved under the invoice's number. */
export function downloadInvoicePdf(invoice: Pick<InvoiceSummary, 'id' | 'kind' | 'number'>): Promise<void> {
  return downloadFile(`/api/invoices/${invoice.id}/pdf`, `${invoice.kind === 'invoice' ? 'facture' : 'avoir'}-${invoice.number}.pdf`);
}

/** `GET /api/admin/invoices.csv?year=&status=` */
export function downloadInvoicesCsv(year: number | null, status: InvoiceStatus | null): Promise<void> {
  return downloadFile(`/api/admin/invoices.csv${toQuery({ year, status })}`, `factures${year ? `-${year}` : ''}.csv`);
}
