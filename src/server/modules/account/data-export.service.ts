import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { DATA_EXPORT_JSON, dataExportFileName } from '../../../shared/account';
import { ACCOUNT_LIMITS_WINDOW_MS, DATA_EXPORT_LIMIT } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/export-format';
import { openStoredFile } from '../../lib/file-transfer';
import type { ModuleManifest } from '../../lib/module-manifest';
import { countHit, rateKeys } from '../../lib/rate-limits';
import type { Storage } from '../../lib/storage';
import { ownCertificatePdfs } from '../certificates';

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
- attestations/ : le PDF de chacune de vos attestations valides (une attestation révoquée n'y figure
  pas ; la rubrique "certificates" du fichier JSON la mentionne ; aucune tant que l'organisme de
  formation n'a pas renseigné ses paramètres).

Les dates sont en UTC, au format ISO 8601. Votre mot de passe n'y figure pas : nous n'en gardons
qu'une empreinte, qui ne permet pas de le retrouver.

Questions : contact@ecoforma.fr
`;

/** The account itself: the export's first section. */
function accountSection(user: UserRow) {
  return {
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
  };
}

/**
 * Everything the platform holds about one account (the JSON document), and the stored files it
 * owns, as every module's manifest declares them. Read before the ZIP starts, so the archive
 * describes one moment.
 */
async function collect(db: Db, storage: Storage, modules: readonly ModuleManifest[], userId: number, origin: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  const [sections, files, attestations] = await Promise.all([
    Promise.all(modules.map((module) => module.exportSections?.(db, user) ?? {})),
    Promise.all(modules.map((module) => module.ownedFiles?.(db, userId) ?? [])),
    ownCertificatePdfs({ db, storage }, { id: user.id, role: user.role, is_valid: user.isValid }, origin),
  ]);
  const document = { format: 'ecoforma-export-1', generated_at: new Date().toISOString(), account: accountSection(user), ...Object.assign({}, ...sections) };
  return { document, files: files.flat(), attestations };
}

/**
 * "Télécharger mes données": a ZIP streamed as it is written (never held whole in memory), with
 * the JSON document, a French read-me, the stored files and the valid attestations' PDFs. Each file is opened only when the
 * archive reaches it; the JSON comes last, so it can say which files were found. Limited to a
 * few exports an hour per account: each one reads every file the account owns.
 */
export async function exportMyData(db: Db, storage: Storage, modules: readonly ModuleManifest[], userId: number, origin: string): Promise<{ fileName: string; stream: Readable }> {
  if ((await countHit(db, rateKeys.dataExport(userId), ACCOUNT_LIMITS_WINDOW_MS / 1000)) > DATA_EXPORT_LIMIT) throw new AppError('too_many_attempts', 429);
  const { document, files, attestations } = await collect(db, storage, modules, userId, origin);
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
  // The attestations as the download gives them: one page each, rendered before the archive starts.
  for (const { pdf, fileName } of attestations) zip.addBuffer(pdf, `attestations/${fileName}`);
  zip.addReadStreamLazy(DATA_EXPORT_JSON, (callback) => {
    const listed = files.map((f) => ({ path: f.path, description: f.description, included: found.get(f.path) ?? false }));
    callback(null, Readable.from([Buffer.from(JSON.stringify({ ...document, files: listed }, null, 2), 'utf8')]));
  });
  zip.end();
  return { fileName: dataExportFileName(), stream: output };
}
