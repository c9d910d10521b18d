import { describe, expect, it } from 'vitest';
import { canReadLesson, courseInformationBodySchema, lessonCreateBodySchema, orderBodySchema, progressPercent, sectionBodySchema } from './learning';
import type { Actor } from './roles';

const author: Actor = { id: 1, role: 'formateur', is_valid: true };
const member: Actor = { id: 2, role: 'membre', is_valid: true };
const admin: Actor = { id: 3, role: 'admin', is_valid: true };

describe('canReadLesson', () => {
  it('opens a free preview to anyone, visitors included', () => {
    for (const actor of [null, member, author, admin]) expect(canReadLesson(actor, { authorId: 1, isPreview: true }, false)).toBe(true);
  });

  it('keeps other lessons to enrolled learners, the author and administrators', () => {
    const lesson = { authorId: 1, isPreview: false };
    expect(canReadLesson(null, lesson, false)).toBe(false);
    expect(canReadLesson(member, lesson, false)).toBe(false);
    expect(canReadLesson(member, lesson, true)).toBe(true);
    expect(canReadLesson(author, lesson, false)).toBe(true);
    expect(canReadLesson({ ...author, id: 9 }, lesson, false)).toBe(false);
    expect(canReadLesson(admin, lesson, false)).toBe(true);
  });
});

describe('progressPercent', () => {
  it('rounds to the nearest whole percent, never to 100 before the end, and gives 0 for a course without lessons (issue 25)', () => {
    expect(progressPercent({ completed: 0, total: 0, completedAt: null })).toBe(0);
    expect(progressPercent({ completed: 1, total: 6, completedAt: null })).toBe(17);
    expect(progressPercent({ completed: 1, total: 3, completedAt: null })).toBe(33);
    expect(progressPercent({ completed: 2, total: 3, completedAt: null })).toBe(67);
    expect(progressPercent({ completed: 199, total: 200, completedAt: null })).toBe(99);
    expect(progressPercent({ completed: 3, total: 3, completedAt: null })).toBe(100);
  });

  it('keeps a completed course at 100 % after a lesson is added, and only a completed one', () => {
    expect(progressPercent({ completed: 4, total: 5, completedAt: '2026-11-02T10:00:00.000Z' })).toBe(100);
    expect(progressPercent({ completed: 4, total: 5, completedAt: null })).toBe(80);
  });
});

describe('learning forms', () => {
  it('accepts a valid section, lesson, order and public information', () => {
    expect(sectionBodySchema.parse({ title: ' Les bases ' })).toEqual({ title: 'Les bases' });
    expect(lessonCreateBodySchema.parse({ title: 'Le bac', type: 'text', duration_minutes: 0, body_markdown: 'Texte' })).toEqual({
      title: 'Le bac',
      type: 'text',
      duration_minutes: 0,
      is_preview: false,
      body_markdown: 'Texte',
    });
    expect(orderBodySchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(courseInformationBodySchema.parse({ objectives: [] })).toEqual({ objectives: [] });
  });

  it('says what is wrong in French', () => {
    const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);
    expect(messages(sectionBodySchema.safeParse({ title: '' }))).toEqual(['Le titre du chapitre est obligatoire.']);
    expect(messages(lessonCreateBodySchema.safeParse({ title: 'Le bac', type: 'quiz', duration_minutes: 10, body_markdown: 'Texte' }))).toEqual([
      'Seules les leçons de type «\u00a0Texte\u00a0» peuvent être créées ici.',
    ]);
    expect(messages(orderBodySchema.safeParse({ ids: [1, -2] }))).toEqual(['Identifiant invalide.']);
    expect(messages(courseInformationBodySchema.safeParse({ prerequisites: 'x'.repeat(2001) }))).toEqual(['Ce champ ne doit pas dépasser 2000 caractères.']);
  });
});
