import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  complaintBodySchema,
  complaintCreatedSchema,
  complaintPageSchema,
  complaintSchema,
  complaintsQuerySchema,
  complaintUpdateBodySchema,
  improvementBodySchema,
  improvementPageSchema,
  improvementSchema,
  improvementsQuerySchema,
  monthlyFiguresSchema,
  surveyAnswerPageSchema,
  surveyAnswersQuerySchema,
  surveyBodySchema,
  surveyStateSchema,
} from '../../../shared/quality';
import { textAnswer } from '../../../shared/responses';
import { isAdmin } from '../../../shared/roles';
import { CSV_CONTENT_TYPE } from '../../lib/csv';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import {
  answerSurvey,
  complaintsCsv,
  createImprovement,
  fileComplaint,
  getComplaint,
  getImprovement,
  improvementsCsv,
  listComplaints,
  listImprovements,
  listSurveyAnswers,
  monthlyFigures,
  surveysCsv,
  surveyState,
  updateComplaint,
  updateImprovement,
} from './quality.service';

function sendCsv(reply: FastifyReply, csv: string, fileName: string) {
  return reply.type(CSV_CONTENT_TYPE).header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(csv);
}

const csvAnswer = (what: string) => ({ 200: textAnswer(['text/csv'], `${what}, en CSV (UTF-8 avec BOM, séparateur « ; »)`) });

/** Quality (issue 27): complaints, the cold survey, improvement actions, the monthly figures. */
export const qualityRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['qualité'];
  const adminOnly = { access: isAdmin };

  app.post('/api/complaints', { config: { access: 'public', personalData: true }, schema: { tags, summary: 'Déposer une réclamation (un visiteur donne son adresse e-mail)', body: complaintBodySchema, response: { 201: complaintCreatedSchema } } }, async (request, reply) =>
    reply.status(201).send(await fileComplaint(db, request.user, request.body, request.ip)),
  );

  app.get('/api/admin/complaints', { config: adminOnly, schema: { tags, summary: 'Les réclamations, par page, filtrées par statut', querystring: complaintsQuerySchema, response: { 200: complaintPageSchema } } }, async (request) =>
    listComplaints(db, request.query),
  );

  app.get('/api/admin/complaints.csv', { config: adminOnly, schema: { tags, summary: 'Exporter les réclamations en CSV', response: csvAnswer('Les réclamations') } }, async (_request, reply) =>
    sendCsv(reply, await complaintsCsv(db), 'reclamations.csv'),
  );

  app.get('/api/admin/complaints/:id', { config: adminOnly, schema: { tags, summary: 'Une réclamation et ses actions d’amélioration', params: idParamsSchema, response: { 200: complaintSchema } } }, async (request) =>
    getComplaint(db, request.params.id),
  );

  app.put('/api/admin/complaints/:id', { config: adminOnly, schema: { tags, summary: 'Prendre en charge ou résoudre une réclamation (la réponse est envoyée par e-mail)', params: idParamsSchema, body: complaintUpdateBodySchema, response: { 200: complaintSchema } } }, async (request) =>
    updateComplaint(db, request.params.id, request.body),
  );

  app.get('/api/surveys/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'L’enquête à froid d’une de mes inscriptions terminées', params: idParamsSchema, response: { 200: surveyStateSchema } } }, async (request) =>
    surveyState(db, currentUser(request), request.params.id),
  );

  app.post('/api/surveys/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'Répondre à l’enquête à froid (une fois par formation)', params: idParamsSchema, body: surveyBodySchema, response: { 201: surveyStateSchema } } }, async (request, reply) =>
    reply.status(201).send(await answerSurvey(db, currentUser(request), request.params.id, request.body)),
  );

  app.get('/api/admin/surveys', { config: adminOnly, schema: { tags, summary: 'Les réponses aux enquêtes à froid, par page', querystring: surveyAnswersQuerySchema, response: { 200: surveyAnswerPageSchema } } }, async (request) =>
    listSurveyAnswers(db, request.query),
  );

  app.get('/api/admin/surveys.csv', { config: adminOnly, schema: { tags, summary: 'Exporter les réponses aux enquêtes à froid en CSV', response: csvAnswer('Les réponses') } }, async (_request, reply) =>
    sendCsv(reply, await surveysCsv(db), 'enquetes-a-froid.csv'),
  );

  app.get('/api/admin/improvements', { config: adminOnly, schema: { tags, summary: 'Les actions d’amélioration, par page', querystring: improvementsQuerySchema, response: { 200: improvementPageSchema } } }, async (request) =>
    listImprovements(db, request.query),
  );

  app.post('/api/admin/improvements', { config: adminOnly, schema: { tags, summary: 'Créer une action d’amélioration rattachée à des réclamations ou des réponses d’enquête', body: improvementBodySchema, response: { 201: improvementSchema } } }, async (request, reply) =>
    reply.status(201).send(await createImprovement(db, request.body)),
  );

  app.get('/api/admin/improvements.csv', { config: adminOnly, schema: { tags, summary: 'Exporter les actions d’amélioration en CSV', response: csvAnswer('Les actions') } }, async (_request, reply) =>
    sendCsv(reply, await improvementsCsv(db), 'actions-amelioration.csv'),
  );

  app.get('/api/admin/improvements/:id', { config: adminOnly, schema: { tags, summary: 'Une action d’amélioration', params: idParamsSchema, response: { 200: improvementSchema } } }, async (request) =>
    getImprovement(db, request.params.id),
  );

  app.put('/api/admin/improvements/:id', { config: adminOnly, schema: { tags, summary: 'Modifier une action d’amélioration', params: idParamsSchema, body: improvementBodySchema, response: { 200: improvementSchema } } }, async (request) =>
    updateImprovement(db, request.params.id, request.body),
  );

  app.get('/api/admin/figures/monthly', { config: adminOnly, schema: { tags, summary: 'Les chiffres de la plateforme par mois sur 12 mois', response: { 200: monthlyFiguresSchema } } }, async () => monthlyFigures(db));
};
