import { z } from 'zod';
import { moderationStateSchema } from './moderation';
import { identityText } from './auth';
import { categorySlugs } from './categories';
import { emptyAsUndefined, pageInfoShape, pageParam } from './paging';
import { regionSlugs } from './regions';

/**
 * The directory by consent (issue 26): nobody is listed until they opt in, and each person chooses
 * which of these fields the other members see. Never an e-mail address.
 */
export const directoryFields = ['headline', 'region', 'domains', 'attestations', 'photo'] as const;
export type DirectoryField = (typeof directoryFields)[number];

export const directoryFieldLabels: Record<DirectoryField, string> = {
  headline: 'Titre (métier, activité)',
  region: 'Région',
  domains: 'Domaines de la transition écologique',
  attestations: 'Attestations de formation',
  photo: 'Photo de profil',
};

export const DIRECTORY_HEADLINE_MAX = 120;
export const TRAINER_BIO_MAX = 2000;
export const DIRECTORY_PAGE_SIZE = 20;
/** The photo as sent: at most 5 MB, PNG, JPEG or WebP; stored as a 512 × 512 JPEG. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_SIZE_PX = 512;
export const PHOTO_FIELD = 'photo';

export const directoryMessages = {
  headlineTooLong: `Le titre ne peut pas dépasser ${DIRECTORY_HEADLINE_MAX} caractères.`,
  bioTooLong: `La présentation ne peut pas dépasser ${TRAINER_BIO_MAX} caractères.`,
  unknownField: 'Information inconnue.',
  unknownRegion: 'Région inconnue.',
  unknownDomain: 'Domaine inconnu.',
  visibleRequired: 'Indiquez si vous figurez dans l’annuaire.',
  acceptsMessagesRequired: 'Indiquez si vous acceptez les messages.',
  saved: 'Vos choix pour l’annuaire sont enregistrés.',
  photoMissing: 'Choisissez une photo.',
  photoEmpty: 'La photo est vide.',
  photoTooLarge: 'La photo ne doit pas dépasser 5 Mo.',
  photoUnsupported: 'La photo doit être une image PNG, JPEG ou WebP.',
  photoUnreadable: 'Cette image ne peut pas être lue. Essayez avec une autre photo.',
  photoNotFound: 'Photo introuvable.',
  trainerNotFound: 'Formateur introuvable.',
} as const;

const regionField = z.enum(regionSlugs, { error: directoryMessages.unknownRegion });
const domainField = z.enum(categorySlugs, { error: directoryMessages.unknownDomain });

/** `PUT /api/user/directory`: whether one is listed, what is shown, and the texts behind it. */
export const directoryBodySchema = z.object({
  visible: z.boolean({ error: directoryMessages.visibleRequired }),
  /** Which fields the other members see; the name is always shown when listed. */
  fields: z.array(z.enum(directoryFields, { error: directoryMessages.unknownField })).max(directoryFields.length).transform((list) => [...new Set(list)]),
  accepts_messages: z.boolean({ error: directoryMessages.acceptsMessagesRequired }),
  headline: identityText(z.string().trim().max(DIRECTORY_HEADLINE_MAX, { error: directoryMessages.headlineTooLong }))
    .nullish()
    .transform((text) => text || null),
  region: z.preprocess(emptyAsUndefined, regionField.nullish()).transform((value) => value ?? null),
  domains: z.array(domainField).max(categorySlugs.length).default([]).transform((list) => [...new Set(list)]),
  /** Approved trainers: the presentation of their public page. */
  bio: z.string().trim().max(TRAINER_BIO_MAX, { error: directoryMessages.bioTooLong }).nullish().transform((text) => text || null),
});
export type DirectoryBody = z.input<typeof directoryBodySchema>;
export type DirectoryValues = z.output<typeof directoryBodySchema>;

/** The caller's own entry (`GET` and `PUT /api/user/directory`): everything, chosen or not. */
export const myDirectoryEntrySchema = z.object({
  visible: z.boolean(),
  fields: z.array(z.enum(directoryFields)),
  accepts_messages: z.boolean(),
  headline: z.string().nullable(),
  region: z.enum(regionSlugs).nullable(),
  domains: z.array(z.enum(categorySlugs)),
  bio: z.string().nullable(),
  has_photo: z.boolean(),
  updated_at: z.string().nullable(),
  /** `hidden`: taken out of the directory by a moderation decision (decision 043), whatever `visible` says. */
  moderation: moderationStateSchema.optional(),
});
export type MyDirectoryEntry = z.infer<typeof myDirectoryEntrySchema>;

/** A valid attestation as others may see it: what it certifies and how to check it. */
export const publicAttestationSchema = z.object({
  course_title: z.string(),
  issued_at: z.string(),
  verification_code: z.string(),
  /** The public verification page. */
  verification_url: z.string(),
});
export type PublicAttestation = z.infer<typeof publicAttestationSchema>;

/** One card of the directory: the name, and only the fields the person chose (absent otherwise). */
export const directoryCardSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  accepts_messages: z.boolean(),
  headline: z.string().nullable().optional(),
  region: z.enum(regionSlugs).nullable().optional(),
  domains: z.array(z.enum(categorySlugs)).optional(),
  attestations: z.array(publicAttestationSchema).optional(),
  /** True when a photo is shown: `GET /api/users/{id}/photo`. */
  has_photo: z.boolean(),
  /** `hidden`: out of the directory by a moderation decision; only administrators still find it. */
  moderation: moderationStateSchema.optional(),
});
export type DirectoryCard = z.infer<typeof directoryCardSchema>;

export const directoryPageSchema = z.object({ items: z.array(directoryCardSchema), ...pageInfoShape });
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

export const directoryQuerySchema = z.object({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(100, { error: 'La recherche ne peut pas dépasser 100 caractères.' }).optional()),
  domain: z.preprocess(emptyAsUndefined, domainField.optional()),
  region: z.preprocess(emptyAsUndefined, regionField.optional()),
  page: pageParam(),
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

/** `PUT /api/user/photo`. */
export const photoResponseSchema = z.object({ has_photo: z.boolean() });
export type PhotoResponse = z.infer<typeof photoResponseSchema>;

/** `GET /api/trainers/{id}/public`: an approved trainer's public page. */
export const trainerPublicSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  speciality: z.string().nullable(),
  bio: z.string().nullable(),
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  courses: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      category: z.string(),
      rating_average: z.number().nullable(),
      rating_count: z.number().int(),
    }),
  ),
});
export type TrainerPublic = z.infer<typeof trainerPublicSchema>;

/** `GET /api/user/attestations`: the caller's valid attestations, to choose which to show (directory, applications). */
export const myAttestationSchema = z.object({ code: z.string(), course_title: z.string(), issued_at: z.string() });
export const myAttestationsSchema = z.object({ items: z.array(myAttestationSchema) });
export type MyAttestation = z.infer<typeof myAttestationSchema>;
export type MyAttestations = z.infer<typeof myAttestationsSchema>;
