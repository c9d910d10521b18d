import { asc, eq } from 'drizzle-orm';
import { formatDay, formatMinutes } from '../../../shared/french-format';
import type { Executor } from '../../db/client';
import { courses, courseSections, lessons } from '../../db/schema';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';
import { renderPdf } from '../../lib/pdf';

/** The course's programme as it stands: what it promises, chapter by chapter, with each activity's estimated duration. */
export async function programmePdf(db: Executor, courseId: number): Promise<Buffer | null> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const outline = await db
    .select({ section: courseSections.title, sectionId: courseSections.id, lesson: lessons.title, minutes: lessons.durationMinutes, type: lessons.type })
    .from(courseSections)
    .leftJoin(lessons, eq(lessons.sectionId, courseSections.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(lessons.position));
  const total = outline.reduce((sum, row) => sum + (row.minutes ?? 0), 0);

  return renderPdf({ title: `Programme : ${course.title}`, author: course.authorName, subject: course.title }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(`Programme de formation`);
    doc.font('Helvetica-Bold').fontSize(14).text(course.title).moveDown(0.5);
    const field = (label: string, value: string) => {
      if (!value) return;
      doc.font('Helvetica-Bold').fontSize(10).text(label).font('Helvetica').text(value).moveDown(0.4);
    };
    field('Présentation', course.description);
    if (course.objectives.length > 0) {
      doc.font('Helvetica-Bold').fontSize(10).text('Objectifs');
      doc.font('Helvetica').list(course.objectives, { bulletRadius: 1.5, textIndent: 10 }).moveDown(0.4);
    }
    field('Public visé', course.targetAudience);
    field('Prérequis', course.prerequisites);
    field('Modalités d’évaluation', course.assessmentMethods);
    field('Formateur ou formatrice', course.authorName);
    field('Modalité', 'Formation à distance, à son rythme, avec assistance du formateur par la messagerie et les discussions du cours.');
    field('Durée estimée des activités', formatMinutes(total, ' '));
    doc.font('Helvetica-Bold').fontSize(12).text('Déroulé').moveDown(0.2);
    let current: number | null = null;
    for (const row of outline) {
      if (row.sectionId !== current) {
        current = row.sectionId;
        doc.font('Helvetica-Bold').fontSize(10).text(row.section).font('Helvetica');
      }
      if (row.lesson) doc.fontSize(10).text(`• ${row.lesson} (${row.type === 'quiz' ? 'évaluation, ' : ''}${formatMinutes(row.minutes ?? 0, ' ')})`, { indent: 10 });
    }
    doc.moveDown(1).fontSize(8).fillColor('#555555').text(`Programme mis à jour le ${formatDay(course.updatedAt)}.`);
  });
}

/** The evidence file's programme (kept after an account's deletion: it says what was followed). */
export async function programmeEvidence({ db, enrolment }: EvidenceContext): Promise<EvidenceEntry[]> {
  const pdf = await programmePdf(db, enrolment.courseId);
  return pdf ? [{ path: 'programme.pdf', data: pdf, retained: true }] : [];
}
