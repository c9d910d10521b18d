import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { DATA_EXPORT_JSON, dataExportFileName } from '../../../shared/account';
import { auditActionLabels } from '../../../shared/admin';
import { ACCOUNT_LIMITS_WINDOW_MS, DATA_EXPORT_LIMIT } from '../../../shared/constants';
import type { Db } from '../../db/client';
import {
  accountTokens,
  notificationPreferences,
  notifications,
  organisationMembers,
  organisations,
  satisfactionAnswers,
  auditLog,
  certificates,
  courseReviews,
  courses,
  courseSections,
  enrolments,
  lessonProgress,
  lessons,
  mailOutbox,
  meetings,
  quizAttempts,
  savedCourses,
  sessions,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openStoredFile } from '../../lib/file-transfer';
import { countHit, rateKeys } from '../../lib/rate-limits';
import { sanitizeFileName, type Storage } from '../../lib/storage';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** One stored file the export carries, under `fichiers/…` in the ZIP. */
interface ExportedFile {
  /** Its path in the ZIP. */
  path: string;
  /** What it is, in French, for the person reading the JSON. */
  description: string;
  storedName: string;
}

const LISEZMOI = `Vos données EcoForma
====================

Cette archive contient tout ce que la plateforme EcoForma conserve à votre sujet au moment du
téléchargement (droit d'accès et droit à la portabilité, articles 15 et 20 du RGPD) :

- ${DATA_EXPORT_JSON} : votre compte, vos sessions ouvertes, vos entretiens, vos inscriptions, votre
  progression, vos tentatives de quiz, vos attestations, les cours dont vous êtes l'auteur, l'historique
  des actions d'administration qui vous concernent et la liste des e-mails qui vous ont été envoyés ;
- fichiers/ : les fichiers que vous avez déposés (CV, photo, fichiers de vos cours). La rubrique
  "files" du fichier JSON les liste ; un fichier marqué "included": false n'a pas été retrouvé dans
  le stockage.

Les dates sont en UTC, au format ISO 8601. Votre mot de passe n'y figure pas : nous n'en gardons
qu'une empreinte, qui ne permet pas de le retrouver.

Questions : contact@ecoforma.fr
`;

/** A name for a file in the ZIP: no path, no control characters, and never empty. */
function zipName(name: string | null | undefined, fallback: string): string {
  return sanitizeFileName(name ?? '', fallback).replace(/\//g, '_');
}

/** The extension of a stored name (`3f…9a.pdf` → `pdf`), for files that keep no original name. */
const extOf = (storedName: string) => path.extname(storedName).slice(1) || 'bin';

/**
 * Everything the platform holds about one account (the JSON document), and the stored files it owns.
 * Read before the ZIP starts, so the archive describes one moment.
 */
async function collect(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  const files: ExportedFile[] = [];
  if (user.cvPath) {
    files.push({ path: `fichiers/cv/${zipName(user.cvOriginalName, `cv.${extOf(user.cvPath)}`)}`, description: 'CV', storedName: user.cvPath });
  }
  if (user.profilPicture) {
    files.push({ path: `fichiers/photo/photo.${extOf(user.profilPicture)}`, description: 'Photo de profil', storedName: user.profilPicture });
  }

  const [liveSessions, links, meetingRows, enrolled, saved, progress, attempts, issued, authored, audit, mails, answers, notes, preferences, ownOrganisation, memberships] = await Promise.all([
    db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`))).orderBy(asc(sessions.createdAt)),
    db
      .select({ purpose: accountTokens.purpose, newEmail: accountTokens.newEmail, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`))),
    // The room's address is left out: it is only shown while the room is open.
    db.select({ scheduledAt: meetings.scheduledAt, createdAt: meetings.createdAt }).from(meetings).where(eq(meetings.userId, userId)).orderBy(asc(meetings.createdAt)),
    db
      .select({ courseId: enrolments.courseId, title: courses.title, createdAt: enrolments.createdAt, completedAt: enrolments.completedAt })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.userId, userId))
      .orderBy(asc(enrolments.createdAt)),
    db
      .select({ courseId: savedCourses.courseId, title: courses.title, createdAt: savedCourses.createdAt })
      .from(savedCourses)
      .innerJoin(courses, eq(courses.id, savedCourses.courseId))
      .where(eq(savedCourses.userId, userId)),
    db
      .select({ lessonId: lessonProgress.lessonId, lessonTitle: lessons.title, courseId: courses.id, courseTitle: courses.title, completedAt: lessonProgress.completedAt })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(eq(lessonProgress.userId, userId))
      .orderBy(asc(lessonProgress.completedAt)),
    db
      .select({ attempt: quizAttempts, quizTitle: lessons.title })
      .from(quizAttempts)
      .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
      .where(eq(quizAttempts.userId, userId))
      .orderBy(asc(quizAttempts.createdAt)),
    db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(asc(certificates.issuedAt)),
    db.select().from(courses).where(eq(courses.authorId, userId)).orderBy(asc(courses.createdAt)),
    db
      .select({ action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(or(eq(auditLog.targetId, userId), eq(auditLog.actorId, userId)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    db
      .select({ template: mailOutbox.template, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, user.email))
      .orderBy(asc(mailOutbox.createdAt)),
    db
      .select({ courseId: satisfactionAnswers.courseId, title: courses.title, rating: satisfactionAnswers.rating, comment: satisfactionAnswers.comment, hiddenAt: satisfactionAnswers.commentHiddenAt, createdAt: satisfactionAnswers.createdAt, updatedAt: satisfactionAnswers.updatedAt })
      .from(satisfactionAnswers)
      .innerJoin(courses, eq(courses.id, satisfactionAnswers.courseId))
      .where(eq(satisfactionAnswers.userId, userId))
      .orderBy(asc(satisfactionAnswers.createdAt)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).orderBy(asc(notificationPreferences.kind)),
    db.select().from(organisations).where(eq(organisations.userId, userId)),
    // The organisations that invited this person, and where each membership stands.
    db
      .select({ name: organisations.name, status: organisationMembers.status, invitedAt: organisationMembers.invitedAt, joinedAt: organisationMembers.joinedAt, endedAt: organisationMembers.endedAt })
      .from(organisationMembers)
      .innerJoin(organisations, eq(organisations.userId, organisationMembers.organisationId))
      .where(or(eq(organisationMembers.userId, userId), eq(organisationMembers.email, user.email)))
      .orderBy(asc(organisationMembers.invitedAt)),
  ]);

  const courseIds = authored.map((c) => c.id);
  const [reviews, courseLessons] = courseIds.length
    ? await Promise.all([
        db.select().from(courseReviews).where(inArray(courseReviews.courseId, courseIds)).orderBy(asc(courseReviews.createdAt)),
        db
          .select({ courseId: courseSections.courseId, id: lessons.id, title: lessons.title, filePath: lessons.filePath, fileOriginalName: lessons.fileOriginalName, captionsPath: lessons.captionsPath })
          .from(lessons)
          .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
          .where(and(inArray(courseSections.courseId, courseIds), sql`${lessons.filePath} is not null`)),
      ])
    : [[], []];

  const authoredCourses = authored.map((course) => {
    const folder = `fichiers/cours/${course.id}`;
    if (course.imagePath) files.push({ path: `${folder}/image.${extOf(course.imagePath)}`, description: `Image du cours « ${course.title} »`, storedName: course.imagePath });
    if (course.attachmentPath) {
      files.push({
        path: `${folder}/${zipName(course.attachmentOriginalName, `piece-jointe.${extOf(course.attachmentPath)}`)}`,
        description: `Pièce jointe du cours « ${course.title} »`,
        storedName: course.attachmentPath,
      });
    }
    for (const lesson of courseLessons.filter((l) => l.courseId === course.id)) {
      files.push({
        path: `${folder}/lecons/${lesson.id}-${zipName(lesson.fileOriginalName, `fichier.${extOf(lesson.filePath!)}`)}`,
        description: `Fichier de la leçon « ${lesson.title} »`,
        storedName: lesson.filePath!,
      });
      if (lesson.captionsPath) {
        files.push({ path: `${folder}/lecons/${lesson.id}-sous-titres.vtt`, description: `Sous-titres de la leçon « ${lesson.title} »`, storedName: lesson.captionsPath });
      }
    }
    return {
      id: course.id,
      title: course.title,
      description: course.description,
      status: course.status,
      created_at: iso(course.createdAt),
      updated_at: iso(course.updatedAt),
      review_history: reviews
        .filter((r) => r.courseId === course.id)
        .map((r) => ({ from: r.fromStatus, to: r.toStatus, reason: r.reason, created_at: iso(r.createdAt) })),
    };
  });

  const document = {
    format: 'ecoforma-export-1',
    generated_at: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      email_confirmed_at: iso(user.emailConfirmedAt),
      firstname: user.firstname,
      lastname: user.lastname,
      role: user.role,
      is_valid: user.isValid,
      gender: user.gender,
      birthdate: user.birthdate,
      phone_number: user.phoneNumber,
      country: user.country,
      speciality: user.speciality,
      cin: user.cin,
      cv: user.cvPath ? { original_name: user.cvOriginalName, mime_type: user.cvMimeType, size: user.cvSize, uploaded_at: iso(user.cvUploadedAt) } : null,
      trainer_application: user.rejectedAt ? { rejected_at: iso(user.rejectedAt), rejection_reason: user.rejectionReason } : null,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    sessions: liveSessions.map((s) => ({ created_at: iso(s.createdAt), expires_at: iso(s.expiresAt) })),
    pending_links: links.map((l) => ({ purpose: l.purpose, new_email: l.purpose === 'email_change' ? l.newEmail : null, created_at: iso(l.createdAt), expires_at: iso(l.expiresAt) })),
    meetings: meetingRows.map((m) => ({ scheduled_at: iso(m.scheduledAt), created_at: iso(m.createdAt) })),
    enrolments: enrolled.map((e) => ({ course_id: e.courseId, course_title: e.title, enrolled_at: iso(e.createdAt), completed_at: iso(e.completedAt) })),
    saved_courses: saved.map((s) => ({ course_id: s.courseId, course_title: s.title, saved_at: iso(s.createdAt) })),
    lesson_progress: progress.map((p) => ({ lesson_id: p.lessonId, lesson_title: p.lessonTitle, course_id: p.courseId, course_title: p.courseTitle, completed_at: iso(p.completedAt) })),
    quiz_attempts: attempts.map(({ attempt, quizTitle }) => ({
      lesson_id: attempt.lessonId,
      quiz_title: quizTitle,
      number: attempt.number,
      score: attempt.score,
      passed: attempt.passed,
      submitted_at: iso(attempt.createdAt),
      questions: attempt.questions,
    })),
    certificates: issued.map((c) => ({
      number: c.number,
      verification_code: c.code,
      issued_at: iso(c.issuedAt),
      revoked_at: iso(c.revokedAt),
      revoked_reason: c.revokedReason,
      content: c.snapshot,
    })),
    authored_courses: authoredCourses,
    audit_log: audit.map((a) => ({ action: a.action, label: auditActionLabels[a.action], created_at: iso(a.createdAt), details: a.details })),
    emails: mails.map((m) => ({ template: m.template, status: m.status, created_at: iso(m.createdAt), sent_at: iso(m.sentAt) })),
    satisfaction_answers: answers.map((a) => ({
      course_id: a.courseId,
      course_title: a.title,
      rating: a.rating,
      comment: a.comment,
      comment_hidden_at: iso(a.hiddenAt),
      created_at: iso(a.createdAt),
      updated_at: iso(a.updatedAt),
    })),
    notifications: notes.map((n) => ({ kind: n.kind, title: n.title, body: n.body, link: n.link, created_at: iso(n.createdAt), read_at: iso(n.readAt) })),
    email_preferences: preferences.map((p) => ({ kind: p.kind, email: p.email, updated_at: iso(p.updatedAt) })),
    organisation: ownOrganisation.map(({ searchText: _searchText, userId: _userId, createdAt, updatedAt, ...details }) => ({
      ...details,
      created_at: iso(createdAt),
      updated_at: iso(updatedAt),
    }))[0] ?? null,
    organisation_memberships: memberships.map((m) => ({
      organisation: m.name,
      status: m.status,
      invited_at: iso(m.invitedAt),
      joined_at: iso(m.joinedAt),
      ended_at: iso(m.endedAt),
    })),
  };
  return { document, files };
}

/**
 * "Télécharger mes données": a ZIP streamed as it is written (never held whole in memory), with
 * the JSON document, a French read-me and the stored files. Each file is opened only when the
 * archive reaches it; the JSON comes last, so it can say which files were found. Limited to a
 * few exports an hour per account: each one reads every file the account owns.
 */
export async function exportMyData(db: Db, storage: Storage, userId: number): Promise<{ fileName: string; stream: Readable }> {
  if ((await countHit(db, rateKeys.dataExport(userId), ACCOUNT_LIMITS_WINDOW_MS / 1000)) > DATA_EXPORT_LIMIT) throw new AppError('too_many_attempts', 429);
  const { document, files } = await collect(db, userId);
  // Loaded on the first export, not at start (issue 16, goal 4); `default` is the CommonJS module
  // itself, the only export of the compiled server's lazy chunk.
  const { ZipFile } = (await import('yazl')).default;
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  // A storage failure half-way ends the download as failed, rather than leaving it hanging.
  zip.on('error', (error: Error) => output.destroy(error));

  zip.addBuffer(Buffer.from(LISEZMOI, 'utf8'), 'LISEZMOI.txt');
  const found = new Map<string, boolean>();
  for (const file of files) {
    zip.addReadStreamLazy(file.path, (callback) => {
      openStoredFile(storage, file.storedName)
        .then((opened) => {
          found.set(file.path, Boolean(opened));
          callback(null, opened ? opened.stream : Readable.from([]));
        })
        .catch((error: unknown) => callback(error, Readable.from([])));
    });
  }
  zip.addReadStreamLazy(DATA_EXPORT_JSON, (callback) => {
    const listed = files.map((f) => ({ path: f.path, description: f.description, included: found.get(f.path) ?? false }));
    callback(null, Readable.from([Buffer.from(JSON.stringify({ ...document, files: listed }, null, 2), 'utf8')]));
  });
  zip.end();
  return { fileName: dataExportFileName(), stream: output };
}
