import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractAcceptBodySchema,
  contractAcceptedSchema,
  contractQuerySchema,
  contractViewSchema,
  myContractsSchema,
  withdrawnSchema,
} from '../../../shared/contracts';
import { idParamsSchema } from '../../../shared/ids';
import { binaryAnswer } from '../../../shared/responses';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { startCardSetup } from './stripe-payments';
import { acceptContract, contractPdf, getContract, myContracts, signedContractPdf, withdrawFromContract } from './contracts.service';

function sendPdf(reply: FastifyReply, { pdf, fileName }: { pdf: Buffer; fileName: string }) {
  return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(pdf);
}

/** The contrat de formation of an individual (issue 29, decision 051): read it, sign it, withdraw, and the learner's contracts. */
export const contractsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage, config }) => {
  const tags = ['contrats'];
  const signedIn = { access: 'authenticated' as const };

  app.get('/api/courses/:id/contract', { config: signedIn, schema: { tags, summary: "Le contrat de formation d'un cours payant pour l'appelant (mentions de l'article L6353-4, délai de rétractation, échéancier) : celui à signer maintenant, ou celui qu'il a signé ; en PDF avec format=pdf", params: idParamsSchema, querystring: contractQuerySchema, response: { 200: { description: 'Le contrat en JSON, ou en PDF avec format=pdf', content: { 'application/json': { schema: contractViewSchema }, 'application/pdf': { schema: binaryAnswer(['application/pdf'], 'Le contrat en PDF').content['application/pdf'].schema } } } } } }, async (request, reply) => {
    if (request.query.format === 'pdf') return sendPdf(reply, await contractPdf({ db, storage }, currentUser(request), request.params.id));
    const { document: _document, ...view } = await getContract({ db, storage }, currentUser(request), request.params.id);
    return view;
  });

  app.get('/api/courses/:id/contract.pdf', { config: signedIn, schema: { tags, summary: 'Le contrat de formation du cours en PDF (à signer, ou signé avec sa preuve)', params: idParamsSchema, response: { 200: binaryAnswer(['application/pdf'], 'Le contrat en PDF') } } }, async (request, reply) =>
    sendPdf(reply, await contractPdf({ db, storage }, currentUser(request), request.params.id)),
  );

  app.post('/api/courses/:id/contract/accept', { config: signedIn, schema: { tags, summary: "Signer le contrat de formation (case cochée, nom du compte saisi, renonciation facultative au délai si l'organisme la propose) : inscription, preuve (heure, SHA-256 du texte, empreinte de l'adresse, navigateur) et échéancier ; rien n'est dû avant la fin du délai de rétractation", params: idParamsSchema, body: contractAcceptBodySchema, response: { 201: contractAcceptedSchema } } }, async (request, reply) => {
    const accepted = await acceptContract({ db, storage }, currentUser(request), request.params.id, request.body, { userAgent: request.headers['user-agent'] ?? '', ip: request.ip });
    if (!config.stripe) return reply.status(201).send(accepted);
    // Stripe driver (decision 054): the learner saves their card on Checkout; the contract stands without it.
    try {
      const setup = await startCardSetup(db, config, currentUser(request).id, accepted.contract_id);
      return await reply.status(201).send({ ...accepted, checkout_url: setup.checkout_url });
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe : page d’enregistrement de la carte indisponible après la signature');
      return reply.status(201).send(accepted);
    }
  });

  app.post('/api/enrolments/:id/withdraw', { config: signedIn, schema: { tags, summary: "Se rétracter d'un contrat de formation pendant le délai (dernier jour compris, heure de Paris) : l'inscription et l'échéancier sont annulés ; 409 après le délai", params: idParamsSchema, response: { 200: withdrawnSchema } } }, async (request) =>
    withdrawFromContract(db, currentUser(request), request.params.id),
  );

  app.get('/api/user/contracts', { config: signedIn, schema: { tags, summary: "Les contrats de formation de l'appelant, avec leur échéancier, leur délai de rétractation et leur état", response: { 200: myContractsSchema } } }, async (request) =>
    myContracts(db, currentUser(request), new Date(), Boolean(config.stripe)),
  );

  app.get('/api/contracts/:id/pdf', { config: signedIn, schema: { tags, summary: 'Un contrat signé en PDF, avec la preuve de son acceptation (le stagiaire, les administrateurs)', params: idParamsSchema, response: { 200: binaryAnswer(['application/pdf'], 'Le contrat signé en PDF') } } }, async (request, reply) =>
    sendPdf(reply, await signedContractPdf({ db, storage }, currentUser(request), request.params.id)),
  );
};
