import { formatDay } from '../../../shared/french-format';
import { quoteMessages, QUOTE_PAYMENT_DAYS } from '../../../shared/quotes';
import type { Executor } from '../../db/client';
import type { QuoteRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { renderPdf } from '../../lib/pdf';
import type { Storage } from '../../lib/storage';
import { providerIdentity, providerLegalLines, type ProviderIdentity } from '../provider';
import { conventionMentions, euros, renderConvention, vatMention } from './convention';

/** What the quote says, line by line (also what its test reads). */
export function quoteLines(quote: Pick<QuoteRow, 'number' | 'buyer' | 'courseTitle' | 'seats' | 'unitPriceCents' | 'totalCents' | 'createdAt' | 'validUntil'>, provider: ProviderIdentity) {
  const vat = vatMention(provider.vatRegime, quote.totalCents);
  const b = quote.buyer;
  return {
    title: `Devis ${quote.number}`,
    provider: providerLegalLines(provider),
    buyer: [b.name, `${b.address}, ${b.postalCode} ${b.city}`, `SIRET ${b.siret}`, `À l’attention de ${b.representative} (${b.email})`],
    dates: [`Date du devis : ${formatDay(quote.createdAt)}`, `Valable jusqu’au ${formatDay(quote.validUntil)}`],
    detail: [
      `Formation à distance « ${quote.courseTitle} » (action de formation, art. L6313-1 du Code du travail)`,
      `${quote.seats} place${quote.seats > 1 ? 's' : ''} de stagiaire × ${euros(quote.unitPriceCents)} HT = ${euros(quote.totalCents)} HT`,
      vat.mention,
      `Total à payer : ${euros(vat.dueCents)}`,
    ],
    terms: [
      `Acceptez ce devis dans votre espace EcoForma avant le ${formatDay(quote.validUntil)} : la convention de formation et la facture sont établies aussitôt, et les places ouvertes.`,
      `Règlement par virement à ${QUOTE_PAYMENT_DAYS} jours à réception de la facture.`,
    ],
  };
}

/** `GET /api/quotes/{id}/pdf`: the quote as a PDF (409 while the provider's settings are incomplete). */
export async function quotePdf(deps: { db: Executor; storage: Storage }, quote: QuoteRow): Promise<Buffer> {
  const provider = await providerIdentity(deps);
  const lines = quoteLines(quote, provider);
  return renderPdf({ title: lines.title, author: provider.legalName }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(11).text(lines.provider[0]!).font('Helvetica').fontSize(9);
    for (const line of lines.provider.slice(1)) doc.text(line);
    doc.moveDown(1).font('Helvetica-Bold').fontSize(18).text(lines.title, { align: 'center' }).moveDown(1);
    doc.font('Helvetica-Bold').fontSize(10).text('Client').font('Helvetica');
    for (const line of lines.buyer) doc.text(line);
    doc.moveDown(0.5);
    for (const line of lines.dates) doc.text(line);
    doc.moveDown(1).font('Helvetica-Bold').text('Détail').font('Helvetica');
    for (const line of lines.detail) doc.text(line);
    doc.moveDown(1);
    for (const line of lines.terms) doc.text(line);
  });
}

/** `GET /api/quotes/{id}/convention.pdf`: the convention made at acceptance (409 before). */
export async function conventionPdf(deps: { db: Executor; storage: Storage }, quote: QuoteRow): Promise<Buffer> {
  if (!quote.convention) throw AppError.invalidTransition(quoteMessages.notAccepted);
  const provider = await providerIdentity(deps);
  return renderConvention(conventionMentions(quote.convention), provider);
}
