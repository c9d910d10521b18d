import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  acceptInvitationBodySchema,
  acceptMyInvitationBodySchema,
  adminOrganisationsQuerySchema,
  adminOrganisationsResponseSchema,
  dashboardQuerySchema,
  dashboardResponseSchema,
  enrolBodySchema,
  enrolResultSchema,
  importBodySchema,
  importPreviewSchema,
  importResultSchema,
  invitationSummarySchema,
  invitationTokenBodySchema,
  inviteBodySchema,
  inviteResponseSchema,
  membersQuerySchema,
  myInvitationListSchema,
  myOrganisationListSchema,
  myOrganisationSchema,
  organisationCourseListSchema,
  organisationMembersResponseSchema,
  organisationSeatsSchema,
  seatsBodySchema,
} from '../../../shared/organisations';
import { binaryAnswer, noContentSchema } from '../../../shared/responses';
import { isAdmin, isLearner, isOrganisation } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import {
  acceptInvitation,
  acceptMyInvitation,
  declineInvitation,
  declineMyInvitation,
  enrolMembers,
  exportDashboard,
  getDashboard,
  importMembers,
  inviteMember,
  leaveOrganisation,
  listAdminOrganisations,
  listMembers,
  listMyInvitations,
  listMyOrganisations,
  listOrganisationCourses,
  lookupInvitation,
  previewImport,
  removeMember,
  setSeats,
} from './organisations.service';

/** Organisations (issue 15, decision 025): their members, seats and dashboard; the learner's side; the administrators'. */
export const organisationsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const tags = ['organisations'];
  // Only organisation accounts use these: an administrator manages seats through /api/admin/organisations.
  const organisationOnly = { access: isOrganisation };
  const learnerOnly = { access: isLearner };

  app.get('/api/organisation/members', { config: organisationOnly, schema: { tags, summary: 'Membres et invitations de mon organisation (recherche, statut, pages)', querystring: membersQuerySchema, response: { 200: organisationMembersResponseSchema } } }, async (request) =>
    listMembers(db, currentUser(request).id, request.query),
  );

  app.post('/api/organisation/invitations', { config: organisationOnly, schema: { tags, summary: 'Inviter une personne par e-mail (une invitation en attente est renvoyée, au plus un e-mail par adresse et par jour)', body: inviteBodySchema, response: { 201: inviteResponseSchema } } }, async (request, reply) =>
    reply.status(201).send(await inviteMember(db, currentUser(request).id, request.body.email, config.organisationInvitations)),
  );

  app.post('/api/organisation/invitations/preview', { config: organisationOnly, schema: { tags, summary: "Aperçu d'un import CSV : l'erreur de chaque ligne, sans rien enregistrer", body: importBodySchema, response: { 200: importPreviewSchema } } }, async (request) =>
    previewImport(db, currentUser(request).id, request.body.csv),
  );

  app.post('/api/organisation/invitations/import', { config: organisationOnly, schema: { tags, summary: 'Importer des invitations depuis un CSV (1 000 lignes au plus) : tout ou rien, ou les seules lignes valides avec skip_invalid', body: importBodySchema, response: { 201: importResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await importMembers(db, currentUser(request).id, request.body.csv, request.body.skip_invalid === true, config.organisationInvitations)),
  );

  app.delete('/api/organisation/members/:id', { config: organisationOnly, schema: { tags, summary: "Annuler une invitation ou retirer un membre (l'organisation perd l'accès à sa progression)", params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await removeMember(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/organisation/courses', { config: organisationOnly, schema: { tags, summary: 'Cours pour lesquels mon organisation a des places, et places utilisées', response: { 200: organisationCourseListSchema } } }, async (request) =>
    listOrganisationCourses(db, currentUser(request).id),
  );

  app.post('/api/organisation/enrolments', { config: organisationOnly, schema: { tags, summary: 'Inscrire un ou plusieurs membres à un cours publié, dans la limite des places', body: enrolBodySchema, response: { 200: enrolResultSchema } } }, async (request) =>
    enrolMembers(db, currentUser(request).id, request.body.course_id, request.body.member_ids),
  );

  app.get('/api/organisation/dashboard', { config: organisationOnly, schema: { tags, summary: 'Tableau de bord : progression des membres consentants par cours (filtres, recherche, pages)', querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } } }, async (request) =>
    getDashboard(db, currentUser(request).id, request.query),
  );

  app.get('/api/organisation/dashboard/export', { config: organisationOnly, schema: { tags, summary: 'Exporter le tableau de bord complet en CSV (UTF-8 avec BOM, séparateur « ; »)', querystring: dashboardQuerySchema, response: { 200: binaryAnswer(['text/csv'], 'Le tableau de bord, en CSV (UTF-8 avec BOM, séparateur « ; »), écrit au fil de la lecture') } } }, async (request, reply) => {
    const { stream, fileName } = await exportDashboard(db, currentUser(request).id, request.query, config.publicUrl);
    reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', contentDisposition(fileName));
    return reply.send(stream);
  });

  // The learner's side. The link's token is the proof the invitation reached them; the lookup is public so the signup page can prefill.
  app.post('/api/invitations/lookup', { config: { access: 'public' }, schema: { tags, summary: "Lire une invitation d'organisation à partir de son lien (organisation, adresse invitée)", body: invitationTokenBodySchema, response: { 200: invitationSummarySchema } } }, async (request, reply) => {
    // It names the invited address: no cache may keep it.
    reply.header('Cache-Control', 'no-store');
    return lookupInvitation(db, request.body.token);
  });

  app.post('/api/invitations/accept', { config: learnerOnly, schema: { tags, summary: "Accepter une invitation et consentir à partager ma progression avec l'organisation", body: acceptInvitationBodySchema, response: { 200: myOrganisationSchema } } }, async (request) =>
    acceptInvitation(db, request.body.token, currentUser(request)),
  );

  app.post('/api/invitations/decline', { config: learnerOnly, schema: { tags, summary: "Refuser une invitation d'organisation", body: invitationTokenBodySchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await declineInvitation(db, request.body.token, currentUser(request));
    return reply.status(204).send();
  });

  app.get('/api/user/invitations', { config: learnerOnly, schema: { tags, summary: "Les invitations d'organisations en attente adressées à mon e-mail confirmé", response: { 200: myInvitationListSchema } } }, async (request) =>
    listMyInvitations(db, currentUser(request).id),
  );

  app.post('/api/user/invitations/:id/accept', { config: learnerOnly, schema: { tags, summary: 'Accepter une invitation adressée à mon e-mail confirmé et consentir à partager ma progression', params: idParamsSchema, body: acceptMyInvitationBodySchema, response: { 200: myOrganisationSchema } } }, async (request) =>
    acceptMyInvitation(db, request.params.id, currentUser(request)),
  );

  app.post('/api/user/invitations/:id/decline', { config: learnerOnly, schema: { tags, summary: 'Refuser une invitation adressée à mon e-mail confirmé', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await declineMyInvitation(db, request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.get('/api/user/organisations', { config: learnerOnly, schema: { tags, summary: "Les organisations dont je suis membre et les cours où elles m'ont inscrit", response: { 200: myOrganisationListSchema } } }, async (request) =>
    listMyOrganisations(db, currentUser(request).id),
  );

  app.delete('/api/user/organisations/:id', { config: learnerOnly, schema: { tags, summary: "Quitter une organisation : elle n'a plus accès à ma progression", params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await leaveOrganisation(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/organisations', { config: { access: isAdmin }, schema: { tags, summary: 'Organisations : coordonnées, nombre de membres et places par cours', querystring: adminOrganisationsQuerySchema, response: { 200: adminOrganisationsResponseSchema } } }, async (request) =>
    listAdminOrganisations(db, request.query),
  );

  app.put('/api/admin/organisations/:id/seats', { config: { access: isAdmin }, schema: { tags, summary: "Fixer le nombre de places d'une organisation pour un cours (jamais sous les places utilisées)", params: idParamsSchema, body: seatsBodySchema, response: { 200: organisationSeatsSchema } } }, async (request) =>
    setSeats(db, currentUser(request), request.params.id, request.body.course_id, request.body.seats),
  );
};
