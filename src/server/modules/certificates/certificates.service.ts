import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATES_PAGE_SIZE,
  certificateMessages,
  type AdminCertificate,
  type AdminCertificatesQuery,
  type AdminCertificatesResponse,
  type CertificateVerification,
} from '../../../shared/certificates';
import { isAdmin, type Actor } from '../../../shared/roles';
import type { Db, Executor } from '../../db/client';
import { certificates, courses, organisationEnrolments, organisationMembers, users } from '../../db/schema';
import { notify } from '../notifications';
import { providerIdentity } from '../provider';
import type { Storage } from '../../lib/storage';
import { isCourseAuthor, ownCourseMessages } from '../../../shared/course-rules';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { renderCertificatePdf } from './certificate-pdf';
import { webPaths } from '../../../shared/web-paths';
import { formatDay } from '../../../shared/french-format';

type CertificateRow = typeof certificates.$inferSelect;

/** The public page's address for a code, under the configured public URL or the request's origin. */
export function verificationUrl(origin: string, code: string): string {
  return `${origin}${webPaths.certificate(code)}`;
}

/** `GET /api/certificates/{code}`: valid or revoked, to whom, which course, when. Unknown or malformed: 404. */
export async function verifyCertificate(db: Db, code: string): Promise<CertificateVerification> {
  // A malformed code is answered like an unknown one, without a query.
  if (!CERTIFICATE_CODE_PATTERN.test(code)) throw AppError.notFound(certificateMessages.notFound);
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
  if (!row) throw AppError.notFound(certificateMessages.notFound);
  return {
    valid: row.revokedAt === null,
    learner_name: row.snapshot.learner_name,
    course_title: row.snapshot.course_title,
    issued_at: row.issuedAt.toISOString(),
    ...(row.revokedAt ? { revoked: { at: row.revokedAt.toISOString(), reason: row.revokedReason ?? '' } } : {}),
  };
}

/** The attestation's owner and administrators; anyone else gets the same 404 as for a missing one. */
async function readableCertificate(db: Db, id: number, actor: Actor): Promise<CertificateRow> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  if (!row || (row.userId !== actor.id && !isAdmin(actor))) throw AppError.notFound(certificateMessages.notYours);
  return row;
}

/** The PDF, generated from the snapshot on each download, with a file name to save it under. */
export async function certificatePdf({ db, storage }: { db: Db; storage: Storage }, id: number, actor: Actor, origin: string): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await readableCertificate(db, id, actor);
  // One issued to its own author before issue 25 attests nothing: it is not handed out.
  if (row.userId === actor.id && row.courseId !== null) {
    const [course] = await db.select({ authorId: courses.authorId }).from(courses).where(eq(courses.id, row.courseId)).limit(1);
    if (course && isCourseAuthor(actor, course)) throw new AppError('own_course', 403, ownCourseMessages.certificate);
  }
  // A revoked attestation printed clean would still look valid to whoever receives it.
  if (row.revokedAt) throw new AppError('certificate_revoked', 410, certificateMessages.revokedNoPdf(formatDay(row.revokedAt), row.revokedReason));
  const pdf = await renderCertificatePdf({
    provider: await providerIdentity({ db, storage }),
    number: row.number,
    issuedAt: row.issuedAt,
    snapshot: row.snapshot,
    verificationUrl: verificationUrl(origin, row.code),
  });
  return { pdf, fileName: `attestation-${row.number}.pdf` };
}

/**
 * The PDFs of the account's own attestations that the download hands out (valid, not revoked; not
 * one of a course they wrote), for the personal data export, each rendered by `certificatePdf`.
 */
export async function ownCertificatePdfs(deps: { db: Db; storage: Storage }, actor: Actor, origin: string): Promise<{ pdf: Buffer; fileName: string }[]> {
  const { db } = deps;
  const valid = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, actor.id), isNull(certificates.revokedAt)))
    .orderBy(asc(certificates.issuedAt), asc(certificates.id));
  const pdfs: { pdf: Buffer; fileName: string }[] = [];
  for (const { id } of valid) {
    try {
      pdfs.push(await certificatePdf(deps, id, actor, origin));
    } catch (error) {
      // Without the provider's settings no attestation can be printed: the export still gives the rest.
      if (error instanceof AppError && error.code === 'provider_settings_missing') return [];
      if (error instanceof AppError && error.code === 'own_course') continue;
      throw error;
    }
  }
  return pdfs;
}

function toAdminCertificate(row: CertificateRow): AdminCertificate {
  return {
    id: row.id,
    number: row.number,
    code: row.code,
    learner_name: row.snapshot.learner_name,
    course_title: row.snapshot.course_title,
    issued_at: row.issuedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedReason,
  };
}

/** Newest first, searched in the number, the learner's name and the course title as issued. */
export async function listCertificates(db: Db, query: AdminCertificatesQuery): Promise<AdminCertificatesResponse> {
  let where: SQL | undefined;
  if (query.q !== '') {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = or(
      ilike(certificates.number, pattern),
      ilike(sql`${certificates.snapshot}->>'learner_name'`, pattern),
      ilike(sql`${certificates.snapshot}->>'course_title'`, pattern),
    );
  }
  const [counted] = await db.select({ n: count() }).from(certificates).where(where);
  const rows = await db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(CERTIFICATES_PAGE_SIZE)
    .offset((query.page - 1) * CERTIFICATES_PAGE_SIZE);
  return { certificates: rows.map(toAdminCertificate), total: counted?.n ?? 0, page: query.page, pageSize: CERTIFICATES_PAGE_SIZE };
}

/**
 * Whoever relied on the attestation hears of its revocation in the same transaction (issue 25): its
 * holder, and each organisation that enrolled them in the course and with which they share their
 * progress (an active membership is the consent, decision 025).
 */
async function tellRevocation(tx: Executor, row: CertificateRow): Promise<void> {
  if (row.userId === null || row.revokedAt === null) return;
  const facts = { courseTitle: row.snapshot.course_title, certificateNumber: row.number, revokedAt: row.revokedAt.toISOString(), reason: row.revokedReason ?? '' };
  await notify(tx, { userId: row.userId, kind: 'certificate_revoked', data: facts });
  if (row.courseId === null) return;
  const organisations = await tx
    .selectDistinct({ id: organisationMembers.organisationId })
    .from(organisationMembers)
    .innerJoin(
      organisationEnrolments,
      and(
        eq(organisationEnrolments.organisationId, organisationMembers.organisationId),
        eq(organisationEnrolments.userId, organisationMembers.userId),
        eq(organisationEnrolments.courseId, row.courseId),
      ),
    )
    .where(and(eq(organisationMembers.userId, row.userId), eq(organisationMembers.status, 'active')));
  for (const organisation of organisations) {
    await notify(tx, { userId: organisation.id, kind: 'organisation_certificate_revoked', data: { ...facts, memberName: row.snapshot.learner_name } });
  }
}

/** An administrator revokes an attestation, with a reason the public page shows; recorded in the learner's history. */
export async function revokeCertificate(db: Db, id: number, actor: Actor, reason: string): Promise<AdminCertificate> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
    if (!row) throw AppError.notFound(certificateMessages.notYours);
    if (row.revokedAt) throw new AppError('already_revoked', 409, certificateMessages.alreadyRevoked);
    const [updated] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: reason, revokedById: actor.id })
      .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
      .returning();
    const [learner] = row.userId ? await tx.select().from(users).where(eq(users.id, row.userId)).limit(1) : [];
    const details = { number: row.number, course_title: row.snapshot.course_title, reason };
    await tellRevocation(tx, updated!);
    if (learner) await recordAudit(tx, { actor, target: learner, action: 'certificate_revoke', details });
    else {
      // The account is gone: the line keeps the name printed on the attestation.
      const [first = '', ...rest] = row.snapshot.learner_name.split(' ');
      await recordAudit(tx, { actor, target: { id: 0, firstname: first, lastname: rest.join(' '), email: 'compte supprimé' }, action: 'certificate_revoke', details, keepTargetId: false });
    }
    return toAdminCertificate(updated!);
  });
}
