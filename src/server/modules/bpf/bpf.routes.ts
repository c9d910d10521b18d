import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bpfQuerySchema,
  bpfReportSchema,
  bpfYearParamsSchema,
  courseClassificationBodySchema,
  courseClassificationSchema,
  enrolmentClassificationBodySchema,
  enrolmentClassificationSchema,
  trainerClassificationBodySchema,
  trainerClassificationSchema,
} from '../../../shared/bpf';
import { idParamsSchema } from '../../../shared/ids';
import { isAdmin } from '../../../shared/roles';
import { CSV_CONTENT_TYPE } from '../../lib/csv';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { bpfCsv, bpfReport, classifyCourse, classifyEnrolment, classifyTrainer, courseClassification, trainerClassification } from './bpf.service';

/** The bilan pédagogique et financier (issue 29, decision 053): the yearly report and the classifications it reads; administrators only. */
export const bpfRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['bpf'];
  const config = { access: isAdmin };

  app.get(
    '/api/admin/bpf/:year',
    {
      config,
      schema: {
        tags,
        summary: 'Le bilan pédagogique et financier d’une année civile (cadres C, E, F-1, F-3, F-4 et anomalies), en JSON ou en CSV (?format=csv)',
        params: bpfYearParamsSchema,
        querystring: bpfQuerySchema,
        response: { 200: { description: 'Le BPF de l’année', content: { 'application/json': { schema: bpfReportSchema }, 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const report = await bpfReport(db, request.params.year);
      if (request.query.format !== 'csv') return report;
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('Content-Disposition', contentDisposition(`bpf-${report.year}.csv`))
        .header('Cache-Control', 'private, no-store')
        .send(bpfCsv(report));
    },
  );

  app.put('/api/admin/bpf/enrolments/:id', { config, schema: { tags, summary: 'Classer une inscription : type de stagiaire (F-1) et origine du financement (C)', params: idParamsSchema, body: enrolmentClassificationBodySchema, response: { 200: enrolmentClassificationSchema } } }, async (request) =>
    classifyEnrolment(db, request.params.id, request.body),
  );

  app.get('/api/admin/bpf/courses/:id', { config, schema: { tags, summary: 'Le classement d’une formation : objectif (F-3) et spécialité NSF (F-4)', params: idParamsSchema, response: { 200: courseClassificationSchema } } }, async (request) =>
    courseClassification(db, request.params.id),
  );

  app.put('/api/admin/bpf/courses/:id', { config, schema: { tags, summary: 'Classer une formation : objectif (F-3) et spécialité NSF (F-4)', params: idParamsSchema, body: courseClassificationBodySchema, response: { 200: courseClassificationSchema } } }, async (request) =>
    classifyCourse(db, request.params.id, request.body),
  );

  app.get('/api/admin/bpf/trainers/:id', { config, schema: { tags, summary: 'Le classement d’un formateur : interne ou externe (cadre E)', params: idParamsSchema, response: { 200: trainerClassificationSchema } } }, async (request) =>
    trainerClassification(db, request.params.id),
  );

  app.put('/api/admin/bpf/trainers/:id', { config, schema: { tags, summary: 'Classer un formateur : interne ou externe (cadre E)', params: idParamsSchema, body: trainerClassificationBodySchema, response: { 200: trainerClassificationSchema } } }, async (request) =>
    classifyTrainer(db, request.params.id, request.body),
  );
};
