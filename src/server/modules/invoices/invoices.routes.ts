import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_CONTENT_TYPE } from '../../../shared/csv';
import { idParamsSchema } from '../../../shared/ids';
import { adminInvoicesQuerySchema, adminInvoicesSchema, creditNoteBodySchema, invoiceListSchema, invoiceSummarySchema, paymentBodySchema } from '../../../shared/invoices';
import { binaryAnswer, textAnswer } from '../../../shared/responses';
import { isAdmin, isOrganisation } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { adminInvoices, invoicePdf, invoiceSummary, invoicesCsv, organisationInvoices, userInvoices } from './invoices.read';
import { issueCreditNote, recordPayment } from './invoices.service';

/** Invoices and credit notes (issue 29): the buyer's, the organisation's, the administrators' with payments and credit notes. */
export const invoicesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, modules }) => {
  const tags = ['factures'];
  const signedIn = { access: 'authenticated' as const };
  const adminOnly = { access: isAdmin };

  app.get('/api/user/invoices', { config: signedIn, schema: { tags, summary: 'Mes factures et avoirs, les plus récents d’abord', response: { 200: invoiceListSchema } } }, async (request) => ({
    invoices: await userInvoices(db, currentUser(request).id),
  }));

  app.get('/api/organisation/invoices', { config: { access: isOrganisation }, schema: { tags, summary: 'Les factures et avoirs de l’organisation (son compte)', response: { 200: invoiceListSchema } } }, async (request) => ({
    invoices: await organisationInvoices(db, currentUser(request).id),
  }));

  app.get('/api/invoices/:id/pdf', { config: signedIn, schema: { tags, summary: 'Une facture ou un avoir en PDF (Factur-X, PDF/A-3 avec le XML CII, pour une organisation) : l’acheteur, l’organisation facturée, les administrateurs ; 404 pour les autres', params: idParamsSchema, response: { 200: binaryAnswer(['application/pdf'], 'La facture en PDF') } } }, async (request, reply) => {
    const { pdf, fileName } = await invoicePdf(db, currentUser(request), request.params.id);
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store');
    return reply.send(pdf);
  });

  app.get('/api/admin/invoices', { config: adminOnly, schema: { tags, summary: 'Toutes les factures et avoirs, par année d’émission et statut', querystring: adminInvoicesQuerySchema, response: { 200: adminInvoicesSchema } } }, async (request) =>
    adminInvoices(db, request.query),
  );

  app.get('/api/admin/invoices.csv', { config: adminOnly, schema: { tags, summary: 'Le journal des ventes en CSV (UTF-8 avec BOM, séparateur « ; »), mêmes filtres', querystring: adminInvoicesQuerySchema, response: { 200: textAnswer(['text/csv'], 'Les factures en CSV') } } }, async (request, reply) => {
    const list = await adminInvoices(db, request.query);
    const fileName = `factures${request.query.year ? `-${request.query.year}` : ''}.csv`;
    reply.header('Content-Type', CSV_CONTENT_TYPE).header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store');
    return reply.send(invoicesCsv(list));
  });

  app.post('/api/admin/invoices/:id/payments', { config: adminOnly, schema: { tags, summary: 'Enregistrer un paiement reçu (virement) : montant en euros, date de réception ; la facture est payée quand les paiements atteignent ce qui reste dû', params: idParamsSchema, body: paymentBodySchema, response: { 200: invoiceSummarySchema } } }, async (request) => {
    await recordPayment(db, modules, { invoiceId: request.params.id, amountCents: request.body.amount, receivedOn: request.body.received_on, recordedBy: currentUser(request).id });
    return invoiceSummary(db, request.params.id);
  });

  app.post('/api/admin/invoices/:id/credit-notes', { config: adminOnly, schema: { tags, summary: 'Émettre un avoir annulant tout ou partie d’une facture (motif, montant TTC en euros ; vide : tout ce qui reste)', params: idParamsSchema, body: creditNoteBodySchema, response: { 201: invoiceSummarySchema } } }, async (request, reply) => {
    const note = await db.transaction((tx) => issueCreditNote(tx, { invoiceId: request.params.id, reason: request.body.reason, amountCents: request.body.amount }));
    reply.code(201);
    return invoiceSummary(db, note.id);
  });
};
