import { eq } from 'drizzle-orm';
import { learningMessages, mediaLessonFieldsSchema, type AuthorLesson, type MediaLessonType } from '../../../shared/learning';
import type { Actor } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { lessons } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fieldErrorsOf } from '../../lib/field-errors';
import type { IncomingFile } from '../../lib/file-transfer';
import { fileVersion, type MediaClaim } from '../../lib/media-links';
import { downloadName, keepUpload, removeStoredFile, type Storage } from '../../lib/storage';
import { appendLesson, checkEditable, findLesson, findSection, LESSON_NOT_FOUND, SECTION_NOT_FOUND, toAuthorLesson } from './learning.service';
import { checkCaptions, checkLessonFile, type LessonForm } from './lesson-uploads';

/** A checked file kept under its permanent name, not yet referenced by a committed row. */
interface KeptFile {
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
}

/** Settles who may add a lesson to the section before a single byte of the upload is read. */
export async function findEditableSection(db: Db, sectionId: number, actor: Actor): Promise<void> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
}

/** The media lesson the caller may change (its type decides the file's limit), before the upload is read. */
export async function findEditableMediaLesson(db: Db, lessonId: number, actor: Actor): Promise<MediaLessonType> {
  const found = await findLesson(db, lessonId);
  checkEditable(found?.course, actor, LESSON_NOT_FOUND);
  const type = found!.lesson.type;
  if (type !== 'video' && type !== 'pdf') throw AppError.validation({ file: [learningMessages.notMediaLesson] });
  return type;
}

async function keepChecked(storage: Storage, file: IncomingFile, type: MediaLessonType): Promise<Omit<KeptFile, 'storedName'> & { ext: string }> {
  const detected = await checkLessonFile(file, type);
  return { originalName: downloadName(file.originalName || (type === 'pdf' ? 'document.pdf' : 'video'), detected.ext), mime: detected.mime, size: file.size, ext: detected.ext };
}

/**
 * Checks the form's file (and captions), then keeps them: every refusal happens before anything
 * is kept. The caller references the kept names in a transaction and removes them if it fails.
 */
async function checkAndKeep(storage: Storage, form: LessonForm, type: MediaLessonType): Promise<{ file: KeptFile | null; captions: string | null }> {
  if (form.captions && type !== 'video') throw AppError.validation({ captions: [learningMessages.captionsVideoOnly] });
  const checked = form.file ? await keepChecked(storage, form.file, type) : null;
  if (form.captions) await checkCaptions(form.captions);
  const kept: { file: KeptFile | null; captions: string | null } = { file: null, captions: null };
  try {
    if (form.file && checked) kept.file = { storedName: await keepUpload(storage, form.file, checked.ext), originalName: checked.originalName, mime: checked.mime, size: checked.size };
    if (form.captions) kept.captions = await keepUpload(storage, form.captions, 'vtt');
  } catch (error) {
    await removeKept(storage, kept);
    throw error;
  }
  return kept;
}

async function removeKept(storage: Storage, kept: { file: KeptFile | null; captions: string | null }): Promise<void> {
  await Promise.all([removeStoredFile(storage, kept.file?.storedName), removeStoredFile(storage, kept.captions)]);
}

/**
 * A new video or PDF lesson at the end of the section, with its file (and a video's optional
 * captions), in one call: either the row and its files exist together, or neither does.
 */
export async function createMediaLesson(db: Db, storage: Storage, sectionId: number, form: LessonForm): Promise<AuthorLesson> {
  const parsed = mediaLessonFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw AppError.validation(fieldErrorsOf(parsed.error.issues));
  const fields = parsed.data;
  if (!form.file) throw AppError.validation({ file: [learningMessages.fileRequired] });
  const kept = await checkAndKeep(storage, form, fields.type);
  try {
    return await db.transaction(async (tx) => {
      const row = await appendLesson(tx, sectionId, {
        title: fields.title,
        type: fields.type,
        durationMinutes: fields.duration_minutes,
        isPreview: fields.is_preview,
        filePath: kept.file!.storedName,
        fileOriginalName: kept.file!.originalName,
        fileMimeType: kept.file!.mime,
        fileSize: kept.file!.size,
        captionsPath: kept.captions,
      });
      return toAuthorLesson(row);
    });
  } catch (error) {
    await removeKept(storage, kept);
    throw error;
  }
}

/**
 * Replaces a media lesson's file and/or captions (`remove_captions=true` drops them). The old
 * files are removed once the row points at the new ones; their signed links die with them, since
 * a link names the file's version.
 */
export async function replaceLessonMedia(db: Db, storage: Storage, lessonId: number, type: MediaLessonType, form: LessonForm): Promise<AuthorLesson> {
  const removeCaptions = form.fields.remove_captions === 'true';
  if (!form.file && !form.captions && !removeCaptions) throw AppError.validation({ file: [learningMessages.mediaUpdateEmpty] });
  if (removeCaptions && type !== 'video') throw AppError.validation({ captions: [learningMessages.captionsVideoOnly] });
  const kept = await checkAndKeep(storage, form, type);
  let result: { row: AuthorLesson; old: (string | null)[] };
  try {
    result = await db.transaction(async (tx) => {
      // Locked, so two concurrent replacements cannot both think they replace the same old file.
      const [current] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for('update');
      if (!current) throw AppError.notFound(LESSON_NOT_FOUND);
      const dropCaptions = Boolean(kept.captions) || removeCaptions;
      const [row] = await tx
        .update(lessons)
        .set({
          ...(kept.file
            ? { filePath: kept.file.storedName, fileOriginalName: kept.file.originalName, fileMimeType: kept.file.mime, fileSize: kept.file.size }
            : {}),
          ...(dropCaptions ? { captionsPath: kept.captions } : {}),
          updatedAt: new Date(),
        })
        .where(eq(lessons.id, lessonId))
        .returning();
      return { row: toAuthorLesson(row!), old: [kept.file ? current.filePath : null, dropCaptions ? current.captionsPath : null] };
    });
  } catch (error) {
    await removeKept(storage, kept);
    throw error;
  }
  await Promise.all(result.old.map((name) => removeStoredFile(storage, name)));
  return result.row;
}

export interface MediaFile {
  storedName: string;
  /** Null for captions, whose size is read from the store. */
  size: number | null;
  mime: string;
  fileName: string;
}

/**
 * The file a verified link names, when the lesson still has that version of it; null otherwise
 * (the lesson, or that file, is gone or was replaced).
 */
export async function findMediaFile(db: Db, claim: MediaClaim): Promise<MediaFile | null> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, claim.lessonId)).limit(1);
  if (!lesson) return null;
  if (claim.kind === 'captions') {
    if (lesson.type !== 'video' || !lesson.captionsPath || fileVersion(lesson.captionsPath) !== claim.version) return null;
    return { storedName: lesson.captionsPath, size: null, mime: 'text/vtt; charset=utf-8', fileName: 'sous-titres.vtt' };
  }
  if (!lesson.filePath || !lesson.fileMimeType || fileVersion(lesson.filePath) !== claim.version) return null;
  return { storedName: lesson.filePath, size: lesson.fileSize, mime: lesson.fileMimeType, fileName: lesson.fileOriginalName ?? 'document' };
}
