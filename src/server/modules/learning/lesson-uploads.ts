import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import {
  LESSON_CAPTIONS_MAX_BYTES,
  LESSON_PDF_MAX_BYTES,
  LESSON_VIDEO_MAX_BYTES,
  LESSON_VIDEO_TYPES,
  learningMessages,
  type MediaLessonType,
} from '../../../shared/learning';
import { AppError } from '../../lib/app-error';
import { checkFileType, receiveFilePart, type IncomingFile } from '../../lib/file-transfer';
import { discardUpload, type DetectedType, type Storage } from '../../lib/storage';
import { NUL_CHARACTER_MESSAGE } from '../../plugins/input-guard';

/** A lesson form as it arrived: text fields, the lesson's file and a video's captions, still under temporary names. */
export interface LessonForm {
  fields: Record<string, string>;
  file: IncomingFile | null;
  captions: IncomingFile | null;
}

type FileField = 'file' | 'captions';

const fileLimits: Record<MediaLessonType, number> = { video: LESSON_VIDEO_MAX_BYTES, pdf: LESSON_PDF_MAX_BYTES };
const tooLargeMessages: Record<MediaLessonType, string> = { video: learningMessages.videoTooLarge, pdf: learningMessages.pdfTooLarge };

export function fileTooLarge(type: MediaLessonType): AppError {
  return new AppError('file_too_large', 413, tooLargeMessages[type], { file: [tooLargeMessages[type]] });
}

function captionsTooLarge(): AppError {
  return new AppError('file_too_large', 413, learningMessages.captionsTooLarge, { captions: [learningMessages.captionsTooLarge] });
}

/**
 * Reads a multipart lesson form in the order its parts arrive: fields are collected, files stream
 * to the incoming folder, each stopped (413, nothing left behind) past its limit. The file's limit
 * is its type's when known (`type` of the lesson being replaced, or a `type` field sent before the
 * file), else the largest; the caller checks the size against the type afterwards. On any failure
 * the files already received are deleted; the caller discards the form once done with it.
 */
export async function receiveLessonForm(request: FastifyRequest, storage: Storage, knownType?: MediaLessonType): Promise<LessonForm> {
  const form: LessonForm = { fields: {}, file: null, captions: null };
  try {
    const parts = request.parts({ limits: { fileSize: LESSON_VIDEO_MAX_BYTES, files: 2 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        // Multipart fields skip the JSON input guard: PostgreSQL text cannot hold U+0000 either.
        if (typeof part.value === 'string' && part.value.includes('\u0000')) {
          throw AppError.validation({ [part.fieldname]: [NUL_CHARACTER_MESSAGE] });
        }
        if (typeof part.value === 'string' && !Object.hasOwn(form.fields, part.fieldname)) form.fields[part.fieldname] = part.value;
        continue;
      }
      const field = part.fieldname as FileField;
      if (field !== 'file' && field !== 'captions') {
        throw new AppError('invalid_request', 400, `Le fichier « ${part.fieldname} » n'est pas attendu.`);
      }
      if (form[field]) throw new AppError('invalid_request', 400, 'Un seul fichier par champ est accepté.');
      const declared = knownType ?? (form.fields.type === 'pdf' || form.fields.type === 'video' ? form.fields.type : undefined);
      const received =
        field === 'captions'
          ? await receiveFilePart(part.file, storage, LESSON_CAPTIONS_MAX_BYTES, captionsTooLarge)
          : await receiveFilePart(part.file, storage, declared ? fileLimits[declared] : LESSON_VIDEO_MAX_BYTES, () => fileTooLarge(declared ?? 'video'));
      // A browser sends an empty part with no name for a file input left empty.
      if (received.size === 0 && !part.filename) await discardUpload(received);
      else form[field] = { ...received, originalName: part.filename };
    }
  } catch (error) {
    await discardLessonForm(form);
    throw error;
  }
  return form;
}

/** Deletes whatever temporary files remain (kept files were renamed away and are untouched). */
export async function discardLessonForm(form: LessonForm): Promise<void> {
  await Promise.all([discardUpload(form.file), discardUpload(form.captions)]);
}

/** The lesson file's size against its type's limit (413), then its real type by content (415). */
export async function checkLessonFile(file: IncomingFile, type: MediaLessonType): Promise<DetectedType> {
  if (file.size > fileLimits[type]) throw fileTooLarge(type);
  const message = type === 'video' ? learningMessages.videoType : learningMessages.pdfType;
  return checkFileType(
    file,
    (detected) => {
      if (!detected) return null;
      if (type === 'pdf') return detected.mime === 'application/pdf' ? detected : null;
      return (LESSON_VIDEO_TYPES as readonly string[]).includes(detected.mime) ? detected : null;
    },
    () => new AppError('unsupported_file_type', 415, message, { file: [message] }),
  );
}

/** "WEBVTT" at the very start (after an optional byte-order mark), then a space, a tab, a line end or nothing. */
const WEBVTT_SIGNATURE = /^(\uFEFF)?WEBVTT([ \t\r\n]|$)/;

/** Captions must be WebVTT text (415 otherwise): what a `<track>` element reads. */
export async function checkCaptions(file: IncomingFile): Promise<void> {
  const handle = await fs.open(file.tempPath, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  if (!WEBVTT_SIGNATURE.test(head)) {
    throw new AppError('unsupported_file_type', 415, learningMessages.captionsType, { captions: [learningMessages.captionsType] });
  }
}
