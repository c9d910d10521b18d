import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginResponseSchema } from '../../src/shared/auth';
import { categoryCountListSchema, courseDetailSchema, coursePageSchema, myCoursesSchema } from '../../src/shared/courses';
import { healthResponseSchema, livenessResponseSchema } from '../../src/shared/health';
import { courseOutlineSchema, lessonContentSchema } from '../../src/shared/learning';
import { notificationPageSchema } from '../../src/shared/notifications';
import { profileSchema } from '../../src/shared/profile';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser, DEFAULT_PASSWORD, enrol, insertCourse, insertLesson, insertSection } from '../../src/server/test/factories';

/**
 * Every answer is declared (style item 14): `schema.response` checks and filters what is serialised,
 * and `/api/docs` shows it. A route without one would answer whatever its service returns, undocumented.
 */
const { app, db } = await createTestApp();

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>> };

const document = () => (app as unknown as { swagger(): OpenApiDocument }).swagger();

/** `/api/courses/:id` as the OpenAPI document spells it: `/api/courses/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The API's own routes; the documentation's (swagger-ui's files) are not part of the contract. */
const apiRoutes = () => app.apiRoutes.filter(({ url }) => !url.startsWith('/api/docs'));

/** The success answers (2xx) the document gives a route; a route that declares none gets @fastify/swagger's generic 'Default Response' (see isUndeclared). */
function successResponses(method: string, url: string): [string, OpenApiResponse][] {
  const operation = document().paths[openApiPath(url)]?.[method.toLowerCase()];
  return Object.entries(operation?.responses ?? {}).filter(([status]) => status.startsWith('2'));
}
const isUndeclared = ([, response]: [string, OpenApiResponse]) => response.description === 'Default Response' && !response.content;

describe('response schemas', () => {
  it('finds the API routes', () => {
    expect(apiRoutes().length).toBeGreaterThanOrEqual(100);
  });

  it('declares the answer of every API route for its success status (a body schema, a media type, or an empty 204)', () => {
    const undeclared = apiRoutes()
      .filter(({ method, url }) => {
        const success = successResponses(method, url);
        return success.length === 0 || success.some(isUndeclared);
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(undeclared, 'routes without schema.response for their success status').toEqual([]);
  });

  it('documents a 204 without content, JSON with its schema, and files by their media type as binary', () => {
    const [[status, logout]] = successResponses('POST', '/api/logout') as [[string, OpenApiResponse]];
    expect(status).toBe('204');
    expect(logout.content).toBeUndefined();

    const [[, course]] = successResponses('GET', '/api/courses/:id') as [[string, OpenApiResponse]];
    const properties = course.content?.['application/json']?.schema?.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['id', 'title', 'enrolled', 'objectives', 'attachment']));

    const [[, pdf]] = successResponses('GET', '/api/certificates/:id/pdf') as [[string, OpenApiResponse]];
    expect(pdf.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });

    const [[, csv]] = successResponses('GET', '/api/admin/satisfaction/export') as [[string, OpenApiResponse]];
    expect(csv.content).toEqual({ 'text/csv': { schema: { type: 'string' } } });

    const media = Object.fromEntries(successResponses('GET', '/api/media/:link'));
    expect(Object.keys(media).sort()).toEqual(['200', '206']);
  });
});

describe('answers, end to end', () => {
  let courseId: number;
  let lessonId: number;
  let member: { authorization: string };
  let memberEmail: string;

  beforeAll(async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const course = await insertCourse(db, trainer.id);
    const section = await insertSection(db, course.id);
    const lesson = await insertLesson(db, section.id, { isPreview: true });
    courseId = course.id;
    lessonId = lesson.id;
    const learner = await createUser(db, { role: 'membre' });
    await enrol(db, learner.id, course.id);
    member = await authHeader(db, learner);
    memberEmail = learner.email;
  });

  /** The body matches its shared schema exactly: every declared field is there, nothing else is. */
  async function expectAnswer(schema: z.ZodType, request: InjectOptions, status = 200) {
    const res = await app.inject(request);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as unknown;
    const parsed = schema.safeParse(body);
    expect(parsed.error).toBeUndefined();
    // Parsing strips unknown keys: equal means the answer carries nothing its schema does not name.
    expect(parsed.data).toEqual(body);
    return body;
  }

  it('the catalogue, a course, its outline and a free lesson, as a visitor', async () => {
    await expectAnswer(healthResponseSchema, { method: 'GET', url: '/api/health' });
    await expectAnswer(livenessResponseSchema, { method: 'GET', url: '/api/health/live' });
    await expectAnswer(categoryCountListSchema, { method: 'GET', url: '/api/categories' });
    const page = (await expectAnswer(coursePageSchema, { method: 'GET', url: '/api/courses' })) as z.infer<typeof coursePageSchema>;
    expect(page.items.map((c) => c.id)).toContain(courseId);
    const detail = (await expectAnswer(courseDetailSchema, { method: 'GET', url: `/api/courses/${courseId}` })) as z.infer<typeof courseDetailSchema>;
    // Dates stay ISO 8601 strings on the wire.
    expect(detail.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    await expectAnswer(courseOutlineSchema, { method: 'GET', url: `/api/courses/${courseId}/outline` });
    await expectAnswer(lessonContentSchema, { method: 'GET', url: `/api/lessons/${lessonId}` });
  });

  it('login, profile, my courses and my notifications, as a learner', async () => {
    await expectAnswer(loginResponseSchema, { method: 'POST', url: '/api/login', payload: { email: memberEmail, password: DEFAULT_PASSWORD } });
    await expectAnswer(profileSchema, { method: 'GET', url: '/api/user/profile', headers: member });
    const mine = (await expectAnswer(myCoursesSchema, { method: 'GET', url: '/api/user/courses', headers: member })) as z.infer<typeof myCoursesSchema>;
    expect(mine.enrolled.map((c) => c.id)).toEqual([courseId]);
    await expectAnswer(notificationPageSchema, { method: 'GET', url: '/api/notifications', headers: member });
  });

  it('a 204 stays empty and a file keeps its own content type, untouched by the serializer', async () => {
    const zip = await app.inject({ method: 'GET', url: '/api/user/data', headers: member });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: member });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
  });
});
