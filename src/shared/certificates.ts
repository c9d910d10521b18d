import { z } from 'zod';
import { pageParam, pageInfoShape } from './paging';

/** The platform named on every attestation. */
export const PLATFORM_NAME = 'EcoForma';

/**
 * A verification code: base64url of 16 random bytes (128 bits), 22 characters. Anything else is
 * answered 404 like an unknown code, so the shape gives nothing away.
 */
export const CERTIFICATE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const certificateMessages = {
  notFound: "Aucune attestation ne correspond à ce code.",
  notYours: "Cette attestation n'existe pas ou vous n'y avez pas accès.",
  reasonRequired: 'Le motif de la révocation est obligatoire.',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères.',
  alreadyRevoked: 'Cette attestation est déjà révoquée.',
  /** Why a revoked attestation is no longer handed out as a clean PDF. */
  /** Where its holder sees it ("Mes formations"): 'Révoquée le 3 mars 2026 : motif'. */
  revokedOn: (day: string, reason: string | null) => `Révoquée le ${day}${reason ? ` : ${reason}` : ''}`,
  revokedNoPdf: (day: string, reason: string | null) => `Cette attestation a été révoquée le ${day}${reason ? ` : ${reason}` : ''}. Elle ne peut plus être téléchargée.`,
} as const;

/** The result of one quiz, as it stood when the attestation was issued. */
export interface CertificateQuizResult {
  title: string;
  /** Best score, whole percent. */
  score: number;
  pass_mark: number;
}

/** Questions tied to one of the course's objectives, over the best attempt of each quiz. */
export interface CertificateObjectiveResult {
  objective: string;
  correct: number;
  total: number;
  /** Whole percent (rounded down). */
  percent: number;
}

/** Everything the attestation says, copied at issuance: later edits of the course or the learner change nothing. */
export interface CertificateSnapshot {
  learner_name: string;
  course_title: string;
  objectives: string[];
  /** Sum of the lesson durations at completion. */
  duration_minutes: number;
  enrolled_at: string;
  completed_at: string;
  trainer_name: string;
  quizzes: CertificateQuizResult[];
  objective_results: CertificateObjectiveResult[];
}

/** `GET /api/certificates/{code}`: what the public verification page shows, nothing more personal. */
export const certificateVerificationSchema = z.object({
  valid: z.boolean(),
  learner_name: z.string(),
  course_title: z.string(),
  issued_at: z.string(),
  revoked: z.object({ at: z.string(), reason: z.string() }).optional(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** What "Mes formations" needs for a completed course. */
export const certificateLinkSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  code: z.string(),
  /** When and why an administrator revoked it; null while it is valid. */
  revoked: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type CertificateLink = z.infer<typeof certificateLinkSchema>;

/** One line of the administrators' list. */
export const adminCertificateSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  code: z.string(),
  learner_name: z.string(),
  course_title: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

export const adminCertificatesResponseSchema = z.object({
  certificates: z.array(adminCertificateSchema),
  ...pageInfoShape,
});
export type AdminCertificatesResponse = z.infer<typeof adminCertificatesResponseSchema>;

export const CERTIFICATES_PAGE_SIZE = 20;

export const adminCertificatesQuerySchema = z.object({
  /** Searched in the number, the learner's name and the course title (as issued). */
  q: z.string().trim().max(100).optional().default(''),
  page: pageParam(10_000),
});
export type AdminCertificatesQuery = z.infer<typeof adminCertificatesQuerySchema>;

export const revokeCertificateBodySchema = z.object({
  reason: z
    .string({ error: certificateMessages.reasonRequired })
    .trim()
    .min(1, certificateMessages.reasonRequired)
    .max(500, certificateMessages.reasonTooLong),
});
export type RevokeCertificateBody = z.infer<typeof revokeCertificateBodySchema>;

export const certificateCodeParamsSchema = z.object({ code: z.string() });

/** The attestation's human number, e.g. EF-2026-000123 (year of issue, then the row id). */
export function certificateNumber(year: number, id: number): string {
  return `EF-${year}-${String(id).padStart(6, '0')}`;
}

