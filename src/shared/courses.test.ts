import { describe, expect, it } from 'vitest';
import {
  amountText,
  canDownloadAttachment,
  canEditCourse,
  canViewCourse,
  checkCourseAttachment,
  checkCourseImage,
  courseCreateFieldsSchema,
  eurosToCents,
  parseCourseId,
  truncate,
} from './courses';
import { lessonCreateBodySchema, sectionBodySchema } from './learning';
import { questionBodySchema } from './quiz';
import type { Actor } from './roles';

const author: Actor = { id: 1, role: 'formateur', is_valid: true };
const revokedAuthor: Actor = { id: 1, role: 'formateur', is_valid: false };
const otherTrainer: Actor = { id: 2, role: 'formateur', is_valid: true };
const member: Actor = { id: 3, role: 'membre', is_valid: true };
const admin: Actor = { id: 4, role: 'admin', is_valid: true };

describe('eurosToCents and amountText', () => {
  it('reads euros with a point or a French comma, up to two decimals', () => {
    expect(eurosToCents('79')).toBe(7900);
    expect(eurosToCents('79.9')).toBe(7990);
    expect(eurosToCents(' 79,90 ')).toBe(7990);
    expect(eurosToCents('0,05')).toBe(5);
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1e3', '7 9', '79,', ',5']) expect(eurosToCents(text), text).toBeNull();
    expect(eurosToCents('1,999')).toBe('decimals');
  });
  it('writes amounts back as a French user types them', () => {
    expect(amountText(79)).toBe('79');
    expect(amountText(69.9)).toBe('69,90');
    expect(amountText(0.05)).toBe('0,05');
  });
});

describe('courseCreateFieldsSchema', () => {
  const valid = { title: 'Zéro déchet', description: 'Une description assez longue.', category: 'dechets', price: '80', discountPrice: '70', duration: '2 mois' };
  it('accepts a valid course and gives prices in cents, without any status (the review publishes)', () => {
    expect(courseCreateFieldsSchema.parse({ ...valid, status: 'published' })).toEqual({ ...valid, price: 8000, discountPrice: 7000 });
  });
  it('refuses a discount equal to the price, with the French message on the discount field', () => {
    const result = courseCreateFieldsSchema.safeParse({ ...valid, discountPrice: '80' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['discountPrice', 'Le prix remisé doit être inférieur au prix.']]);
  });
  it('treats an empty discount as none', () => {
    expect(courseCreateFieldsSchema.parse({ ...valid, discountPrice: '' }).discountPrice).toBeNull();
  });
  it('refuses line breaks and invisible characters in a title, which would reach attestations and mails (audit, issue 25)', () => {
    for (const title of ['Zéro déchet\r\nBcc: x@exemple.fr', 'Zéro \u202edéchet', 'Zéro\u200bdéchet']) {
      const result = courseCreateFieldsSchema.safeParse({ ...valid, title });
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['title']);
      expect(result.error?.issues[0]!.message).toMatch(/^Ce champ contient des caractères/);
    }
    expect(courseCreateFieldsSchema.parse({ ...valid, title: 'Zéro déchet 🌱' }).title).toBe('Zéro déchet 🌱');
  });
});

describe('titles of chapters, lessons and questions', () => {
  it('refuse a line break or a bidi override like course titles, and accept an ordinary title', () => {
    const lesson = { title: 'Le bac', type: 'text', duration_minutes: 5, is_preview: false, body_markdown: 'Texte' };
    expect(sectionBodySchema.safeParse({ title: 'Découvrir\nla suite' }).success).toBe(false);
    expect(lessonCreateBodySchema.safeParse({ ...lesson, title: 'Le \u202ebac' }).success).toBe(false);
    expect(lessonCreateBodySchema.safeParse(lesson).success).toBe(true);
    const question = { type: 'single', prompt: 'Quel bac ?\r\nBcc:', options: [{ text: 'Oui', correct: true }, { text: 'Non', correct: false }] };
    expect(questionBodySchema.safeParse(question).error?.issues.map((i) => i.path.join('.'))).toContain('prompt');
  });
});

describe('parseCourseId', () => {
  it('accepts positive integers only', () => {
    expect(parseCourseId('12')).toBe(12);
    for (const raw of ['0', '-1', '1.5', 'abc', '', undefined, '1234567890']) expect(parseCourseId(raw), String(raw)).toBeNull();
  });
});

describe('file checks before sending', () => {
  it('accepts JPEG, PNG and WebP images up to 5 MB', () => {
    expect(checkCourseImage({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkCourseImage({ name: 'a.webp', type: 'image/webp', size: 10 })).toBeNull();
    expect(checkCourseImage({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe("L'image ne doit pas dépasser 5 Mo.");
    expect(checkCourseImage({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe("L'image doit être au format JPEG, PNG ou WebP.");
  });
  it('accepts videos, PDF and Word files up to 200 MB, by type or by name', () => {
    expect(checkCourseAttachment({ name: 'v.mp4', type: 'video/mp4', size: 200 * 1024 * 1024 })).toBeNull();
    expect(checkCourseAttachment({ name: 'cours.doc', type: '', size: 10 })).toBeNull();
    expect(checkCourseAttachment({ name: 'v.mp4', type: 'video/mp4', size: 200 * 1024 * 1024 + 1 })).toBe('La pièce jointe ne doit pas dépasser 200 Mo.');
    expect(checkCourseAttachment({ name: 'a.zip', type: 'application/zip', size: 10 })).toBe(
      'La pièce jointe doit être une vidéo (MP4, WebM, MOV), un PDF ou un document Word.',
    );
  });
});

describe('course policies', () => {
  it('lets the approved author and administrators edit, nobody else', () => {
    expect(canEditCourse(author, { authorId: 1 })).toBe(true);
    expect(canEditCourse(admin, { authorId: 1 })).toBe(true);
    for (const actor of [revokedAuthor, otherTrainer, member, null]) expect(canEditCourse(actor, { authorId: 1 })).toBe(false);
  });
  it('shows published courses to all, drafts to their author and administrators', () => {
    expect(canViewCourse(null, { authorId: 1, status: 'published' })).toBe(true);
    expect(canViewCourse(author, { authorId: 1, status: 'draft' })).toBe(true);
    expect(canViewCourse(admin, { authorId: 1, status: 'draft' })).toBe(true);
    for (const actor of [otherTrainer, member, null]) expect(canViewCourse(actor, { authorId: 1, status: 'draft' })).toBe(false);
  });
  it('gives the attachment to enrolled learners, the author and administrators', () => {
    expect(canDownloadAttachment(member, { authorId: 1 }, true)).toBe(true);
    expect(canDownloadAttachment(member, { authorId: 1 }, false)).toBe(false);
    expect(canDownloadAttachment(author, { authorId: 1 }, false)).toBe(true);
    expect(canDownloadAttachment(admin, { authorId: 1 }, false)).toBe(true);
    expect(canDownloadAttachment(null, { authorId: 1 }, true)).toBe(false);
  });
});

describe('truncate', () => {
  it('cuts after `max` characters and adds three dots', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
  });
});
