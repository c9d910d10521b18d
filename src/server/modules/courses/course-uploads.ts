import type { FastifyRequest } from 'fastify';
import { COURSE_ATTACHMENT_TYPES, COURSE_IMAGE_TYPES, courseFileLimits, courseMessages } from '../../../shared/courses';
import { AppError } from '../../lib/app-error';
import { checkFileType, receiveFilePart, type IncomingFile } from '../../lib/file-transfer';
import { discardUpload, type DetectedType, type Storage } from '../../lib/storage';
import { NUL_CHARACTER_MESSAGE } from '../../plugins/input-guard';

/** A course form as it arrived: text fields, and the files still under temporary names. */
export interface CourseForm {
  fields: Record<string, string>;
  image: IncomingFile | null;
  attachment: IncomingFile | null;
}

type FileField = 'image' | 'attachment';

const tooLargeMessages: Record<FileField, string> = {
  image: courseMessages.imageTooLarge,
  attachment: courseMessages.attachmentTooLarge,
};

/**
 * Reads a multipart course form in the order its parts arrive: fields are collected, files are
 * streamed to the incoming folder with their own byte limit. Nothing is validated yet; on any failure the
 * files already received are deleted. The caller discards the form once done with it.
 */
export async function receiveCourseForm(request: FastifyRequest, storage: Storage): Promise<CourseForm> {
  const form: CourseForm = { fields: {}, image: null, attachment: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // Multipart fields skip the JSON input guard: PostgreSQL text cannot hold U+0000 either.
        if (typeof part.value === 'string' && part.value.includes('\u0000')) {
          throw AppError.validation({ [part.fieldname]: [NUL_CHARACTER_MESSAGE] });
        }
        // The first value of a field counts; a repeated field cannot override it.
        if (typeof part.value === 'string' && !Object.hasOwn(form.fields, part.fieldname)) form.fields[part.fieldname] = part.value;
        continue;
      }
      const field = part.fieldname;
      if (field !== 'image' && field !== 'attachment') {
        throw new AppError('invalid_request', 400, `Le fichier « ${field} » n'est pas attendu.`);
      }
      if (form[field]) throw new AppError('invalid_request', 400, 'Un seul fichier par champ est accepté.');
      const tooLarge = () => new AppError('file_too_large', 413, tooLargeMessages[field], { [field]: [tooLargeMessages[field]] });
      const received = await receiveFilePart(part.file, storage, courseFileLimits[field], tooLarge);
      // A browser sends an empty part with no name for a file input left empty.
      if (received.size === 0 && !part.filename) await discardUpload(received);
      else form[field] = { ...received, originalName: part.filename };
    }
  } catch (error) {
    await discardCourseForm(form);
    throw error;
  }
  return form;
}

/** Deletes whatever temporary files remain (kept files were renamed away and are untouched). */
export async function discardCourseForm(form: CourseForm): Promise<void> {
  await Promise.all([discardUpload(form.image), discardUpload(form.attachment)]);
}

/** The image's real type by content: JPEG, PNG or WebP, else 415. */
export async function checkImageType(file: IncomingFile): Promise<DetectedType> {
  return checkFileType(
    file,
    (type) => (type && (COURSE_IMAGE_TYPES as readonly string[]).includes(type.mime) ? type : null),
    () => new AppError('unsupported_file_type', 415, courseMessages.imageType, { image: [courseMessages.imageType] }),
  );
}

/** The attachment's real type by content: a video, a PDF or a Word document, else 415. */
export async function checkAttachmentType(file: IncomingFile): Promise<DetectedType> {
  return checkFileType(
    file,
    (type) => {
      // Word 97-2003 files are OLE2 containers, which content sniffing alone cannot tell from
      // Excel or PowerPoint ones: the container plus the .doc name is what we accept.
      if (type?.mime === 'application/x-cfb' && /\.doc$/i.test(file.originalName)) return { ext: 'doc', mime: 'application/msword' };
      return type && (COURSE_ATTACHMENT_TYPES as readonly string[]).includes(type.mime) ? type : null;
    },
    () => new AppError('unsupported_file_type', 415, courseMessages.attachmentType, { attachment: [courseMessages.attachmentType] }),
  );
}
