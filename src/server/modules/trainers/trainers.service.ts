import { eq } from 'drizzle-orm';
import { isAdmin } from '../../../shared/roles';
import { cvExtension, cvMessages, type CvExtension, type CvInfo, type TrainerStatus } from '../../../shared/trainers';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { attendeeRoomUrl, latestMeeting } from '../meetings';
import { notifyAdmins } from '../notifications';
import type { AuthUser } from '../../lib/sessions';
import { checkFileType, type IncomingFile } from '../../lib/file-transfer';
import { discardUpload, keepUpload, removeStoredFile, sanitizeFileName } from '../../lib/storage';

/** For each accepted extension: the type the content must have, and what we store and serve. */
const acceptedTypes: Record<CvExtension, { detected: string; ext: string; mime: string }> = {
  '.pdf': { detected: 'pdf', ext: 'pdf', mime: 'application/pdf' },
  '.docx': { detected: 'docx', ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // file-type names every OLE2 compound file 'cfb'; with a .doc name that is a Word 97-2003 document.
  '.doc': { detected: 'cfb', ext: 'doc', mime: 'application/msword' },
};

function cvInfo(row: { cvOriginalName: string | null; cvSize: number | null; cvUploadedAt: Date | null }): CvInfo | null {
  if (!row.cvOriginalName || row.cvSize === null || !row.cvUploadedAt) return null;
  return { name: row.cvOriginalName, size: row.cvSize, uploaded_at: row.cvUploadedAt.toISOString() };
}

/**
 * Stores a trainer's CV, received under a temporary name (a refused upload leaves nothing): its
 * content must match its extension, then it gets its permanent random name and the row points to it. The previous CV is deleted only once the row no longer references
 * it; a crash in between leaves an unreferenced file, which the start-up sweep removes.
 */
export async function storeCv({ db, storage }: ModuleDeps, userId: number, received: IncomingFile): Promise<CvInfo> {
  let storedName: string;
  let accepted: (typeof acceptedTypes)[CvExtension];
  try {
    if (received.size === 0) throw AppError.validation({ cv: [cvMessages.empty] }, cvMessages.empty);
    const extension = cvExtension(received.originalName);
    accepted = await checkFileType(
      received,
      (detected) => (extension && detected?.ext === acceptedTypes[extension].detected ? acceptedTypes[extension] : null),
      () => new AppError('unsupported_file_type', 415, cvMessages.unsupported),
    );
    storedName = await keepUpload(storage, received, accepted.ext);
  } catch (error) {
    await discardUpload(received);
    throw error;
  }

  const originalName = sanitizeFileName(received.originalName, `cv.${accepted.ext}`);
  const uploadedAt = new Date();
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      // The row lock orders two uploads by the same trainer: each one replaces what the other stored.
      const [current] = await tx
        .select({
          cvPath: users.cvPath,
          isValid: users.isValid,
          rejectedAt: users.rejectedAt,
          firstname: users.firstname,
          lastname: users.lastname,
          speciality: users.speciality,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!current) throw AppError.notFound();
      await tx
        .update(users)
        .set({
          cvPath: storedName,
          cvOriginalName: originalName,
          cvMimeType: accepted.mime,
          cvSize: received.size,
          cvUploadedAt: uploadedAt,
          // A new CV after a refusal is a new application.
          rejectedAt: null,
          rejectionReason: null,
          updatedAt: uploadedAt,
        })
        .where(eq(users.id, userId));
      // A first CV, or one after a refusal, is an application for the administrators to review;
      // replacing the CV of an application already under review is not a new one.
      if (!current.isValid && (current.cvPath === null || current.rejectedAt !== null)) {
        await notifyAdmins(tx, 'trainer_application', { trainerId: userId, trainerName: `${current.firstname} ${current.lastname}`, speciality: current.speciality });
      }
      return current.cvPath;
    });
  } catch (error) {
    await removeStoredFile(storage, storedName);
    throw error;
  }
  if (previous && previous !== storedName) await removeStoredFile(storage, previous);
  return { name: originalName, size: received.size, uploaded_at: uploadedAt.toISOString() };
}

/**
 * A trainer's application as the trainer themself or an administrator may read it. Anyone else
 * gets 403 whether the id exists or not, so ids cannot be probed.
 */
export async function trainerStatus(db: Db, caller: AuthUser, trainerId: number): Promise<TrainerStatus> {
  if (!isAdmin(caller) && caller.id !== trainerId) throw AppError.forbidden();
  const [row] = await db
    .select({
      role: users.role,
      isValid: users.isValid,
      cvPath: users.cvPath,
      cvOriginalName: users.cvOriginalName,
      cvSize: users.cvSize,
      cvUploadedAt: users.cvUploadedAt,
      rejectedAt: users.rejectedAt,
      rejectionReason: users.rejectionReason,
    })
    .from(users)
    .where(eq(users.id, trainerId))
    .limit(1);
  if (!row || row.role !== 'formateur') throw AppError.notFound('Formateur introuvable.');

  const meeting = await latestMeeting(db, trainerId);
  const state: TrainerStatus['state'] = row.isValid
    ? 'approved'
    : row.rejectedAt
      ? 'refused'
      : meeting
        ? 'interview_scheduled'
        : row.cvPath
          ? 'cv_received'
          : 'no_cv';
  return {
    isApproved: row.isValid,
    // The trainer gets the room only while it is open; an administrator may open it any time.
    ...(meeting ? { meeting: { date: meeting.date, url: isAdmin(caller) ? meeting.url : attendeeRoomUrl(meeting) } } : {}),
    state,
    rejectionReason: state === 'refused' ? (row.rejectionReason ?? null) : null,
    cv: row.cvPath ? cvInfo(row) : null,
  };
}

