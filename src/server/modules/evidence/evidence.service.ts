import { PassThrough, type Readable } from 'node:stream';
import { asc, eq, inArray, lt } from 'drizzle-orm';
import { inParisPeriod, type ParisPeriod } from '../../../shared/periods';
import { isAdmin, type Actor } from '../../../shared/roles';
import type { Executor } from '../../db/client';
import { courses, enrolments, evidenceArchiveFiles, evidenceArchives, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { zipName } from '../../lib/export-format';
import type { DeletedAccount, EvidenceEnrolment, EvidenceEntry } from '../../lib/module-manifest';
import { followUpSettings, providerIdentity } from '../provider';


type EvidenceDeps = Pick<ModuleDeps, 'config' | 'storage' | 'modules'> & { db: Executor };

export const evidenceMessages = {
  enrolmentNotFound: 'Inscription introuvable.',
  courseNotFound: 'Cours introuvable.',
} as const;

const enrolmentColumns = {
  id: enrolments.id,
  userId: enrolments.userId,
  courseId: enrolments.courseId,
  firstname: users.firstname,
  lastname: users.lastname,
  courseTitle: courses.title,
  enrolledAt: enrolments.createdAt,
  completedAt: enrolments.completedAt,
};

function toEnrolment(row: { id: number; userId: number; courseId: number; firstname: string; lastname: string; courseTitle: string; enrolledAt: Date; completedAt: Date | null }): EvidenceEnrolment {
  return { id: row.id, userId: row.userId, courseId: row.courseId, learnerName: `${row.firstname} ${row.lastname}`, courseTitle: row.courseTitle, enrolledAt: row.enrolledAt, completedAt: row.completedAt };
}

/** Every module's files for one enrolment, in the modules' order; a file without content is left out. */
export async function enrolmentEvidence(deps: EvidenceDeps, enrolment: EvidenceEnrolment, period: ParisPeriod): Promise<EvidenceEntry[]> {
  const entries: EvidenceEntry[] = [];
  // One after the other: inside a deletion, every hook shares the transaction's one connection.
  for (const module of deps.modules) {
    if (!module.evidence) continue;
    entries.push(...(await module.evidence({ db: deps.db, storage: deps.storage, config: deps.config, enrolment, period })));
  }
  return entries.filter((entry) => entry.data.length > 0);
}

/** The readme at the root of every evidence file: what it holds and for which period. */
function readme(title: string, period: ParisPeriod, lines: string[]): string {
  return [
    title,
    `Période : ${period.from ? `du ${period.from}` : 'depuis le début'} ${period.to ? `au ${period.to}` : 'à ce jour'}.`,
    '',
    'Chaque dossier réunit les preuves d’une inscription : programme, présence, évaluations, attestation,',
    'certificat de réalisation, réponses aux questionnaires, relances et échanges avec le formateur.',
    'Les dossiers « archives » sont ceux de comptes supprimés : seules les preuves que la loi demande de',
    'conserver y figurent, jusqu’à la fin de la durée de conservation.',
    '',
    ...lines,
    '',
  ].join('\r\n');
}

/** A ZIP written as it is read; `fill` adds the files and may fail half-way, which ends the download as failed. */
async function zipStream(fill: (add: (path: string, data: Buffer | string) => void) => Promise<void>): Promise<Readable> {
  const { ZipFile } = (await import('yazl')).default;
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  zip.on('error', (error: Error) => output.destroy(error));
  const add = (path: string, data: Buffer | string) => zip.addBuffer(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, path);
  fill(add).then(
    () => zip.end(),
    (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}

/**
 * `GET /api/enrolments/{id}/evidence.zip`: the learner's own, or any for an administrator; anyone
 * else gets the 404 of a missing one. Refused (409) while the provider's settings are incomplete,
 * before anything is sent.
 */
export async function enrolmentEvidenceZip(deps: EvidenceDeps, actor: Actor, id: number, period: ParisPeriod): Promise<{ fileName: string; stream: Readable }> {
  const [row] = await deps.db
    .select(enrolmentColumns)
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.id, id));
  if (!row || (row.userId !== actor.id && !isAdmin(actor))) throw AppError.notFound(evidenceMessages.enrolmentNotFound);
  await providerIdentity(deps);
  const enrolment = toEnrolment(row);
  const entries = await enrolmentEvidence(deps, enrolment, period);
  const stream = await zipStream(async (add) => {
    add('LISEZMOI.txt', readme(`Dossier de preuves de l’inscription n° ${id} : ${enrolment.learnerName}, « ${enrolment.courseTitle} »`, period, entries.map((e) => `- ${e.path}`)));
    for (const entry of entries) add(entry.path, entry.data);
  });
  return { fileName: `preuves-inscription-${id}.zip`, stream };
}

/** Whether an enrolment overlaps the period: begun by its end, not completed before its start. */
function overlaps(enrolledAt: Date, completedAt: Date | null, period: ParisPeriod): boolean {
  return inParisPeriod(enrolledAt, { to: period.to }) && (!completedAt || inParisPeriod(completedAt, { from: period.from }));
}

/**
 * `GET /api/admin/courses/{id}/evidence.zip`: the programme once, then a folder per enrolment of
 * the period, and the archived ones of deleted accounts. Built one enrolment at a time as the
 * archive is read.
 */
export async function courseEvidenceZip(deps: EvidenceDeps, courseId: number, period: ParisPeriod): Promise<{ fileName: string; stream: Readable }> {
  const [course] = await deps.db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw AppError.notFound(evidenceMessages.courseNotFound);
  await providerIdentity(deps);
  const rows = (
    await deps.db
      .select(enrolmentColumns)
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.courseId, courseId))
      .orderBy(asc(users.lastname), asc(users.firstname), asc(enrolments.id))
  ).filter((r) => overlaps(r.enrolledAt, r.completedAt, period));
  const archives = (await deps.db.select().from(evidenceArchives).where(eq(evidenceArchives.courseId, courseId)).orderBy(asc(evidenceArchives.id))).filter((a) =>
    overlaps(a.enrolledAt, a.completedAt, period),
  );
  const folder = (name: string, id: number) => `${zipName(name, 'apprenant')} (inscription ${id})`;
  const stream = await zipStream(async (add) => {
    add(
      'LISEZMOI.txt',
      readme(`Dossier de preuves du cours « ${course.title} »`, period, [
        `${rows.length} inscription(s) en cours de validité, ${archives.length} archivée(s).`,
        ...rows.map((r) => `- ${folder(`${r.firstname} ${r.lastname}`, r.id)}/`),
        ...archives.map((a) => `- archives/${folder(a.learnerName, a.enrolmentId)}/`),
      ]),
    );
    for (const row of rows) {
      const enrolment = toEnrolment(row);
      for (const entry of await enrolmentEvidence(deps, enrolment, period)) add(`${folder(enrolment.learnerName, enrolment.id)}/${entry.path}`, entry.data);
    }
    if (archives.length === 0) return;
    const files = await deps.db
      .select()
      .from(evidenceArchiveFiles)
      .where(inArray(evidenceArchiveFiles.archiveId, archives.map((a) => a.id)))
      .orderBy(asc(evidenceArchiveFiles.archiveId), asc(evidenceArchiveFiles.path));
    const byId = new Map(archives.map((a) => [a.id, a]));
    for (const file of files) {
      const archive = byId.get(file.archiveId)!;
      add(`archives/${folder(archive.learnerName, archive.enrolmentId)}/${file.path}`, file.data);
    }
  });
  return { fileName: `preuves-cours-${courseId}.zip`, stream };
}

/** The end of the legal retention: the training's end (its completion, or the account's deletion) plus the years set. */
export function evidenceKeptUntil(trainingEnd: Date, retentionYears: number): Date {
  const until = new Date(trainingEnd);
  until.setUTCFullYear(until.getUTCFullYear() + retentionYears);
  return until;
}

/**
 * The deletion hook: each enrolment's legal proofs are archived under the learner's name before
 * the account and its rows go. A proof that cannot be printed (the provider's settings are
 * incomplete) is left out rather than stopping a deletion the person is entitled to.
 */
export async function archiveEvidence(tx: Executor, { user, storage, config, modules }: DeletedAccount, now = new Date()): Promise<void> {
  const rows = await tx
    .select(enrolmentColumns)
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.userId, user.id))
    .orderBy(asc(enrolments.id));
  if (rows.length === 0) return;
  const { evidenceRetentionYears } = await followUpSettings(tx);
  for (const row of rows) {
    const enrolment = toEnrolment(row);
    const entries: EvidenceEntry[] = [];
    for (const module of modules) {
      if (!module.evidence) continue;
      try {
        entries.push(...(await module.evidence({ db: tx, storage, config, enrolment, period: {} })));
      } catch (error) {
        if (error instanceof AppError && error.code === 'provider_settings_missing') continue;
        throw error;
      }
    }
    const kept = entries.filter((entry) => entry.retained && entry.data.length > 0);
    if (kept.length === 0) continue;
    const [archive] = await tx
      .insert(evidenceArchives)
      .values({
        enrolmentId: enrolment.id,
        courseId: enrolment.courseId,
        courseTitle: enrolment.courseTitle,
        learnerName: enrolment.learnerName,
        enrolledAt: enrolment.enrolledAt,
        completedAt: enrolment.completedAt,
        archivedAt: now,
        keepUntil: evidenceKeptUntil(enrolment.completedAt ?? now, evidenceRetentionYears),
      })
      .returning({ id: evidenceArchives.id });
    await tx.insert(evidenceArchiveFiles).values(kept.map((entry) => ({ archiveId: archive!.id, path: entry.path, data: typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data })));
  }
}

/** The daily purge: archives past their retention go, files with them. */
export async function purgeExpiredEvidence(db: Executor, now = new Date()): Promise<number> {
  const gone = await db.delete(evidenceArchives).where(lt(evidenceArchives.keepUntil, now)).returning({ id: evidenceArchives.id });
  return gone.length;
}
