import { formatDate, formatDay, formatEuros } from '../../../shared/french-format';
import { formatIban } from '../../../shared/provider';
import { LATE_PAYMENT_RATE_TEXT, RECOVERY_INDEMNITY_EUROS, STANDARD_VAT_RATE, vatMention } from '../../../shared/invoices';
import type { InvoiceBuyerSnapshot, InvoiceSeller } from '../../db/schema';
import { renderPdf } from '../../lib/pdf';

/** An issued invoice or credit note as its document shows it. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  dueOn: string | null;
  serviceDate: string;
  serviceLabel: string | null;
  buyer: InvoiceBuyerSnapshot;
  lines: Array<{ label: string; quantity: number; unitAmountCents: number; totalHtCents: number }>;
  totalHtCents: number;
  vatCents: number;
  totalCents: number;
  /** For a credit note: the invoice it cancels, and why. */
  creditedInvoiceNumber: string | null;
  reason: string | null;
}

/** What an invoice must say (CGI art. 242 nonies A, C. com. L441-9 and L441-10, C. trav. L6352-12), grouped as the document prints it. */
export interface InvoiceMentions {
  title: string;
  seller: string[];
  buyer: string[];
  references: string[];
  lines: Array<{ label: string; quantity: string; unit: string; total: string }>;
  totals: Array<[string, string]>;
  vat: string;
  payment: string[];
}

const euros = (cents: number) => formatEuros(cents / 100);

/**
 * The legal mentions of an invoice or a credit note, from the seller and buyer as they were when
 * it was issued: seller's name, address, SIRET and declaration number; buyer's name and address;
 * number, issue date, date of the training; lines HT; the VAT of the regime (exemption or
 * franchise sentence, or 20 % and the TTC); the due date; for a professional buyer, the late-payment
 * penalty rate and the 40 € recovery indemnity (C. com. L441-10); the IBAN and BIC for a transfer.
 */
export function invoiceMentions(seller: InvoiceSeller, invoice: InvoiceDocument): InvoiceMentions {
  const professional = invoice.buyer.siret !== null;
  const isCredit = invoice.kind === 'credit_note';
  const regime = seller.vatRegime;
  const buyerAddress = [invoice.buyer.address, [invoice.buyer.postalCode, invoice.buyer.city].filter(Boolean).join(' ')].filter((part) => part && part.trim()).join(', ');
  const references = [
    `${isCredit ? 'Avoir' : 'Facture'} n° ${invoice.number}`,
    `Date d’émission : ${formatDay(invoice.issuedAt)}`,
    `Date de la prestation (formation) : ${formatDate(invoice.serviceDate)}`,
    ...(invoice.serviceLabel ? [`Formation : ${invoice.serviceLabel}`] : []),
    ...(isCredit && invoice.creditedInvoiceNumber ? [`Annule ${invoice.totalCents > 0 ? 'en tout ou partie ' : ''}la facture n° ${invoice.creditedInvoiceNumber}`] : []),
    ...(isCredit && invoice.reason ? [`Motif : ${invoice.reason}`] : []),
  ];
  const totals: Array<[string, string]> =
    regime === 'standard'
      ? [
          ['Total HT', euros(invoice.totalHtCents)],
          [`TVA ${STANDARD_VAT_RATE} %`, euros(invoice.vatCents)],
          ['Total TTC', euros(invoice.totalCents)],
        ]
      : [
          ['Total HT', euros(invoice.totalHtCents)],
          ['TVA', euros(0)],
          ['Net à payer', euros(invoice.totalCents)],
        ];
  if (isCredit) totals[totals.length - 1] = [regime === 'standard' ? 'Total TTC de l’avoir' : 'Montant de l’avoir', euros(invoice.totalCents)];
  const payment = isCredit
    ? ['Cet avoir vient en déduction de la facture qu’il annule ; le trop-perçu éventuel est remboursé par virement.']
    : [
        ...(invoice.dueOn ? [`Date d’échéance : ${formatDate(invoice.dueOn)}`] : []),
        seller.iban
          ? `Paiement par virement : IBAN ${formatIban(seller.iban)}${seller.bic ? `, BIC ${seller.bic}` : ''}, en indiquant le n° ${invoice.number}.`
          : 'Paiement par virement : les coordonnées bancaires sont communiquées sur demande.',
        ...(professional
          ? [
              `Pénalités de retard : ${LATE_PAYMENT_RATE_TEXT}, exigibles dès le lendemain de l’échéance (C. com. art. L441-10).`,
              `Indemnité forfaitaire pour frais de recouvrement due en cas de retard de paiement : ${RECOVERY_INDEMNITY_EUROS} € (C. com. art. L441-10 et D441-5).`,
              'Pas d’escompte pour paiement anticipé.',
            ]
          : []),
      ];
  return {
    title: isCredit ? `Avoir n° ${invoice.number}` : `Facture n° ${invoice.number}`,
    seller: [
      seller.legalName,
      `${seller.address}, ${seller.postalCode} ${seller.city}`,
      `SIRET ${seller.siret}`,
      `Déclaration d’activité enregistrée sous le numéro ${seller.nda} auprès du préfet de région. Cet enregistrement ne vaut pas agrément de l’État.`,
    ],
    buyer: [invoice.buyer.name, ...(buyerAddress ? [buyerAddress] : []), ...(invoice.buyer.siret ? [`SIRET ${invoice.buyer.siret}`] : [])],
    references,
    lines: invoice.lines.map((line) => ({ label: line.label, quantity: String(line.quantity), unit: euros(line.unitAmountCents), total: euros(line.totalHtCents) })),
    totals,
    vat: vatMention(regime),
    payment,
  };
}

/** pdfkit's standard fonts write WinAnsi: the narrow no-break space of French number formats becomes a no-break space. */
const winAnsi = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** The invoice's PDF, every mention of `invoiceMentions` in its text. */
export async function renderInvoicePdf(seller: InvoiceSeller, invoice: InvoiceDocument): Promise<Buffer> {
  const m = invoiceMentions(seller, invoice);
  return renderPdf({ title: m.title, author: seller.legalName, subject: invoice.serviceLabel ?? undefined }, (doc) => {
    const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(winAnsi(text), options);
    doc.font('Helvetica-Bold').fontSize(11);
    write(m.seller[0]!);
    doc.font('Helvetica').fontSize(9);
    for (const line of m.seller.slice(1)) write(line, { width: 300 });
    doc.moveDown(1);
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(winAnsi(invoice.kind === 'credit_note' ? 'Client' : 'Facturé à'), 320, top);
    doc.font('Helvetica').fontSize(10);
    for (const line of m.buyer) doc.text(winAnsi(line), 320, doc.y, { width: 225 });
    doc.x = 50;
    doc.y = Math.max(doc.y, top + 60);
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#1b5e20');
    write(m.title);
    doc.fillColor('#000000').font('Helvetica').fontSize(10);
    for (const line of m.references.slice(1)) write(line);
    doc.moveDown(1);
    // The lines, HT.
    const columns = [50, 330, 390, 470];
    const header = ['Désignation', 'Quantité', 'Prix unitaire HT', 'Total HT'];
    doc.font('Helvetica-Bold').fontSize(9);
    const headerY = doc.y;
    header.forEach((text, index) => doc.text(winAnsi(text), columns[index], headerY, { width: index === 0 ? 270 : 75 }));
    doc.moveTo(50, doc.y + 2).lineTo(545, doc.y + 2).stroke();
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(9);
    for (const line of m.lines) {
      const y = doc.y;
      doc.text(winAnsi(line.label), columns[0], y, { width: 270 });
      const after = doc.y;
      doc.text(line.quantity, columns[1], y, { width: 55 });
      doc.text(winAnsi(line.unit), columns[2], y, { width: 75 });
      doc.text(winAnsi(line.total), columns[3], y, { width: 75 });
      doc.y = Math.max(after, doc.y) + 4;
    }
    doc.moveDown(1);
    doc.fontSize(10);
    for (const [label, value] of m.totals) {
      const y = doc.y;
      doc.font(label.startsWith('Total TTC') || label.startsWith('Net') || label.startsWith('Montant') ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(winAnsi(label), 330, y, { width: 130 });
      doc.text(winAnsi(value), 470, y, { width: 75 });
    }
    doc.x = 50;
    doc.moveDown(1);
    doc.font('Helvetica-Oblique').fontSize(10);
    write(m.vat);
    doc.moveDown(1);
    doc.font('Helvetica').fontSize(9);
    for (const line of m.payment) write(line, { width: 495 });
  });
}
