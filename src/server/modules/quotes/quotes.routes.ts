import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { adminQuotesQuerySchema, adminQuotesResponseSchema, quoteAcceptanceSchema, quoteListSchema, quoteRequestBodySchema, quoteSchema } from '../../../shared/quotes';
import { binaryAnswer } from '../../../shared/responses';
import { isAdmin, isOrganisation } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { conventionPdf, quotePdf } from './quote-pdf';
import { acceptQuote, listAdminQuotes, listOrganisationQuotes, readableQuote, requestQuote } from './quotes.service';

function sendPdf(reply: FastifyReply, fileName: string, body: Buffer) {
  reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store');
  return reply.send(body);
}

/** Quotes and conventions de formation for organisations (issue 29, decision 052). */
export const quotesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage }) => {
  const tags = ['devis'];
  const organisationOnly = { access: isOrganisation };

  app.post('/api/organisation/quotes', { config: organisationOnly, schema: { tags, summary: `Demander un devis : des places pour une formation publiée et payante, au prix du jour, valable 30 jours`, body: quoteRequestBodySchema, response: { 201: quoteSchema } } }, async (request, reply) =>
    reply.status(201).send(await requestQuote(db, currentUser(request).id, request.body)),
  );

  app.get('/api/organisation/quotes', { config: organisationOnly, schema: { tags, summary: 'Les devis de mon organisation et leurs conventions, les plus récents d’abord', response: { 200: quoteListSchema } } }, async (request) =>
    listOrganisationQuotes(db, currentUser(request).id),
  );

  app.post('/api/quotes/:id/accept', { config: organisationOnly, schema: { tags, summary: "Accepter un devis de mon organisation : la convention de formation, la facture et les places, en une fois (409 s'il a expiré ou est déjà accepté)", params: idParamsSchema, response: { 200: quoteAcceptanceSchema } } }, async (request) =>
    acceptQuote({ db, storage }, currentUser(request).id, request.params.id),
  );

  app.get('/api/quotes/:id/pdf', { config: { access: 'authenticated' }, schema: { tags, summary: "Le devis en PDF (l'organisation qui l'a demandé, les administrateurs)", params: idParamsSchema, response: { 200: binaryAnswer(['application/pdf'], 'Le devis en PDF') } } }, async (request, reply) => {
    const quote = await readableQuote(db, currentUser(request), request.params.id);
    return sendPdf(reply, `devis-${quote.number}.pdf`, await quotePdf({ db, storage }, quote));
  });

  app.get('/api/quotes/:id/convention.pdf', { config: { access: 'authenticated' }, schema: { tags, summary: "La convention de formation (L6353-1, D6353-1) d'un devis accepté, en PDF (l'organisation, les administrateurs)", params: idParamsSchema, response: { 200: binaryAnswer(['application/pdf'], 'La convention de formation en PDF') } } }, async (request, reply) => {
    const quote = await readableQuote(db, currentUser(request), request.params.id);
    return sendPdf(reply, `convention-${quote.convention?.number ?? quote.number}.pdf`, await conventionPdf({ db, storage }, quote));
  });

  app.get('/api/admin/quotes', { config: { access: isAdmin }, schema: { tags, summary: 'Tous les devis : recherche (numéro, organisation, formation), statut, pages', querystring: adminQuotesQuerySchema, response: { 200: adminQuotesResponseSchema } } }, async (request) =>
    listAdminQuotes(db, request.query),
  );
};
