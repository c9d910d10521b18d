import { z } from 'zod';
import { CV_EXTENSIONS, CV_MAX_BYTES } from './constants';
import type { Actor } from './roles';

/** Only trainers send a CV (the upload route's policy; the upload page hides the form from others). */
export function isTrainer(actor: Actor | null | undefined): boolean {
  return actor?.role === 'formateur';
}

/** The multipart field that carries the CV (spec section 3). */
export const CV_FIELD = 'cv';

/** The file picker's `accept` attribute. */
export const CV_ACCEPT = CV_EXTENSIONS.join(',');

export type CvExtension = (typeof CV_EXTENSIONS)[number];

/** The types a stored CV is served with (PDF, DOCX, DOC), for the download's documentation. */
export const CV_MIME_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'] as const;

export const cvMessages = {
  missing: 'Veuillez sélectionner un fichier',
  empty: 'Le fichier est vide.',
  tooLarge: 'Le fichier dépasse la taille maximale de 10 Mo.',
  unsupported: 'Format non accepté : choisissez un fichier PDF, DOCX ou DOC.',
} as const;

/** The file's extension when it is one a CV may have ('.pdf', '.docx', '.doc'), else null. */
export function cvExtension(fileName: string): CvExtension | null {
  const match = /\.[^./\\]+$/.exec(fileName.trim().toLowerCase());
  const ext = match?.[0];
  return (CV_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as CvExtension) : null;
}

/**
 * What the browser can check before sending (the server checks again, by content):
 * the French message explaining why this file is refused, or null when it may be sent.
 */
export function checkCvFile(file: { name: string; size: number }): string | null {
  if (!cvExtension(file.name)) return cvMessages.unsupported;
  if (file.size === 0) return cvMessages.empty;
  if (file.size > CV_MAX_BYTES) return cvMessages.tooLarge;
  return null;
}

/** The stored CV as its owner and administrators see it. */
const cvInfoSchema = z.object({
  /** The original file name, sanitised. */
  name: z.string(),
  /** Size in bytes. */
  size: z.number().int().nonnegative(),
  /** ISO 8601, UTC. */
  uploaded_at: z.string(),
});
export type CvInfo = z.infer<typeof cvInfoSchema>;

export const uploadCvResponseSchema = z.object({ cv: cvInfoSchema });
export type UploadCvResponse = z.infer<typeof uploadCvResponseSchema>;

/** Where a trainer's application stands, from first sign-up to the administrator's decision. */
const trainerStates = ['no_cv', 'cv_received', 'interview_scheduled', 'approved', 'refused'] as const;

const trainerMeetingSchema = z.object({
  /** ISO 8601, UTC. */
  date: z.string(),
  /** The room's address, given to the trainer only while the room is open (shared/meetings.ts). */
  url: z.string().nullable(),
});

/** `GET /api/formateur/{id}/status` (spec section 7, plus the application state). */
export const trainerStatusSchema = z.object({
  isApproved: z.boolean(),
  /** Present only when an interview has been scheduled. */
  meeting: trainerMeetingSchema.optional(),
  state: z.enum(trainerStates),
  /** The administrator's reason when the application was refused, if one was given. */
  rejectionReason: z.string().nullable(),
  cv: cvInfoSchema.nullable(),
});
export type TrainerStatus = z.infer<typeof trainerStatusSchema>;
