import { z } from 'zod';
import { parisDay } from './paris-days';
import { moderationStateSchema } from './moderation';
import { identityText } from './auth';
import { categorySlugs } from './categories';
import { CERTIFICATE_CODE_PATTERN } from './certificates';
import { publicAttestationSchema } from './directory';
import { emptyAsUndefined, pageInfoShape, pageParam } from './paging';
import { regionSlugs } from './regions';
import { opportunityTypes } from './opportunity-types';

/** What organisations and administrators post (issue 26): in opportunity-types.ts, without zod. */
export { opportunityTypeLabels, opportunityTypes, type OpportunityType } from './opportunity-types';

export const OPPORTUNITY_TITLE_MIN = 5;
export const OPPORTUNITY_TITLE_MAX = 150;
export const OPPORTUNITY_DESCRIPTION_MIN = 20;
export const OPPORTUNITY_DESCRIPTION_MAX = 5000;
export const OPPORTUNITY_LOCATION_MAX = 120;
export const APPLICATION_MESSAGE_MAX = 3000;
export const APPLICATION_CERTIFICATES_MAX = 10;
export const OPPORTUNITIES_PAGE_SIZE = 20;

export const opportunityMessages = {
  invalidDigestUnsubscribeLink:
    'Ce lien de désabonnement n’est pas valable. Vous pouvez arrêter le récapitulatif des opportunités dans Mon profil, onglet « Paramètres ».',
  titleRequired: 'Le titre est obligatoire.',
  titleTooShort: `Le titre doit contenir au moins ${OPPORTUNITY_TITLE_MIN} caractères.`,
  titleTooLong: `Le titre ne peut pas dépasser ${OPPORTUNITY_TITLE_MAX} caractères.`,
  descriptionRequired: 'La description est obligatoire.',
  descriptionTooShort: `La description doit contenir au moins ${OPPORTUNITY_DESCRIPTION_MIN} caractères.`,
  descriptionTooLong: `La description ne peut pas dépasser ${OPPORTUNITY_DESCRIPTION_MAX} caractères.`,
  typeRequired: 'Choisissez le type d’opportunité.',
  regionRequired: 'Choisissez une région.',
  domainsRequired: 'Choisissez au moins un domaine.',
  unknownDomain: 'Domaine inconnu.',
  locationTooLong: `Le lieu ne peut pas dépasser ${OPPORTUNITY_LOCATION_MAX} caractères.`,
  deadlineInvalid: 'La date limite doit être une date valide (AAAA-MM-JJ).',
  deadlinePast: 'La date limite ne peut pas être passée.',
  messageRequired: 'Le message est obligatoire.',
  messageTooLong: `Le message ne peut pas dépasser ${APPLICATION_MESSAGE_MAX} caractères.`,
  certificateCodesTooMany: `Vous pouvez joindre au plus ${APPLICATION_CERTIFICATES_MAX} attestations.`,
  certificateCodeInvalid: 'Code d’attestation invalide.',
  certificateNotYours: 'Cette attestation n’est pas l’une de vos attestations valides.',
  notFound: 'Opportunité introuvable.',
  postForbidden: 'Seules les organisations et les administrateurs peuvent publier une opportunité.',
  ownerOnly: 'Seul l’auteur de l’opportunité peut la modifier ou voir ses candidatures.',
  alreadyApplied: 'Vous avez déjà répondu à cette opportunité.',
  closed: 'Cette opportunité est clôturée : elle ne reçoit plus de réponses.',
  deadlinePassed: 'La date limite de cette opportunité est passée.',
  useProposal: 'Une demande de formation reçoit des propositions de formateurs approuvés, pas des candidatures.',
  proposalOnlyForTrainingRequest: 'Seule une demande de formation reçoit des propositions.',
  proposalForbidden: 'Seuls les formateurs approuvés peuvent proposer une formation.',
  ownOpportunity: 'Vous ne pouvez pas répondre à votre propre opportunité.',
  applied: 'Votre candidature est envoyée.',
  proposed: 'Votre proposition est envoyée.',
  saved: 'L’opportunité est enregistrée.',
  closedNow: 'L’opportunité est clôturée.',
} as const;

const trimmedText = (required: string, min: number, tooShort: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: required });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: tooShort });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: tooLong });
    });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today in Paris, YYYY-MM-DD: a deadline is the last day, Paris time, when answers are taken. */
export function parisToday(now = new Date()): string {
  return parisDay(now);
}

/** `POST /api/opportunities` and `PUT /api/opportunities/{id}`. */
export const opportunityBodySchema = z.object({
  title: identityText(trimmedText(opportunityMessages.titleRequired, OPPORTUNITY_TITLE_MIN, opportunityMessages.titleTooShort, OPPORTUNITY_TITLE_MAX, opportunityMessages.titleTooLong)),
  description: trimmedText(
    opportunityMessages.descriptionRequired,
    OPPORTUNITY_DESCRIPTION_MIN,
    opportunityMessages.descriptionTooShort,
    OPPORTUNITY_DESCRIPTION_MAX,
    opportunityMessages.descriptionTooLong,
  ),
  type: z.enum(opportunityTypes, { error: opportunityMessages.typeRequired }),
  region: z.enum(regionSlugs, { error: opportunityMessages.regionRequired }),
  domains: z
    .array(z.enum(categorySlugs, { error: opportunityMessages.unknownDomain }), { error: opportunityMessages.domainsRequired })
    .min(1, { error: opportunityMessages.domainsRequired })
    .max(categorySlugs.length)
    .transform((list) => [...new Set(list)]),
  location: z
    .string()
    .trim()
    .max(OPPORTUNITY_LOCATION_MAX, { error: opportunityMessages.locationTooLong })
    .nullish()
    .transform((text) => text || null),
  remote: z.boolean().default(false),
  /** The last day answers are taken (Paris time); null: no deadline. */
  deadline: z
    .preprocess(emptyAsUndefined, z.string().refine(isRealDay, { error: opportunityMessages.deadlineInvalid }).nullish())
    .transform((value) => value ?? null),
});
export type OpportunityBody = z.input<typeof opportunityBodySchema>;
export type OpportunityValues = z.output<typeof opportunityBodySchema>;

export const opportunitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: z.enum(opportunityTypes),
  region: z.enum(regionSlugs),
  domains: z.array(z.enum(categorySlugs)),
  location: z.string().nullable(),
  remote: z.boolean(),
  deadline: z.string().nullable(),
  /** The organisation's name, or the poster's for an administrator. */
  posted_by: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /** Whether it still takes answers (not closed, deadline not passed). */
  open: z.boolean(),
  /** The caller posted it (or is an administrator): may edit, close and read its answers. */
  can_manage: z.boolean(),
  /** The caller's own answer, if any. */
  my_response: z.object({ kind: z.enum(['application', 'proposal']), created_at: z.string() }).nullable(),
  responses_count: z.number().int().optional(),
  /** `hidden`: hidden by a moderation decision (decision 043), shown to its owner and administrators only. */
  moderation: moderationStateSchema.optional(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const opportunityPageSchema = z.object({ items: z.array(opportunitySchema), ...pageInfoShape });
export type OpportunityPage = z.infer<typeof opportunityPageSchema>;

export const opportunitiesQuerySchema = z.object({
  type: z.preprocess(emptyAsUndefined, z.enum(opportunityTypes, { error: 'Type d’opportunité inconnu.' }).optional()),
  region: z.preprocess(emptyAsUndefined, z.enum(regionSlugs, { error: 'Région inconnue.' }).optional()),
  domain: z.preprocess(emptyAsUndefined, z.enum(categorySlugs, { error: opportunityMessages.unknownDomain }).optional()),
  /** `mine`: only those the caller posted (closed ones included). */
  scope: z.preprocess(emptyAsUndefined, z.enum(['open', 'mine']).default('open')),
  page: pageParam(),
});
export type OpportunitiesQuery = z.input<typeof opportunitiesQuerySchema>;

const messageField = trimmedText(opportunityMessages.messageRequired, 1, opportunityMessages.messageRequired, APPLICATION_MESSAGE_MAX, opportunityMessages.messageTooLong);

/** `POST /api/opportunities/{id}/applications`: the applicant's message and the attestations they choose to show. */
export const applicationBodySchema = z.object({
  message: messageField,
  certificate_codes: z
    .array(z.string().regex(CERTIFICATE_CODE_PATTERN, { error: opportunityMessages.certificateCodeInvalid }))
    .max(APPLICATION_CERTIFICATES_MAX, { error: opportunityMessages.certificateCodesTooMany })
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type ApplicationBody = z.input<typeof applicationBodySchema>;

/** `POST /api/opportunities/{id}/proposals`: an approved trainer's answer to a training request. */
export const proposalBodySchema = z.object({ message: messageField });
export type ProposalBody = z.input<typeof proposalBodySchema>;

export const responseCreatedSchema = z.object({ id: z.number().int(), kind: z.enum(['application', 'proposal']), created_at: z.string() });

/** One answer as the opportunity's owner reads it: a name, the message, the chosen attestations. Never an e-mail. */
export const opportunityResponseSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['application', 'proposal']),
  applicant: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), role: z.string() }),
  message: z.string(),
  attestations: z.array(publicAttestationSchema),
  created_at: z.string(),
});
export type OpportunityResponse = z.infer<typeof opportunityResponseSchema>;
export const opportunityResponsesSchema = z.object({ items: z.array(opportunityResponseSchema) });
export type OpportunityResponses = z.infer<typeof opportunityResponsesSchema>;

/** `GET /api/user/applications`: the caller's answers. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['application', 'proposal']),
  opportunity: z.object({ id: z.number().int(), title: z.string(), type: z.enum(opportunityTypes), posted_by: z.string(), open: z.boolean() }),
  message: z.string(),
  attestations: z.array(publicAttestationSchema),
  created_at: z.string(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationsSchema = z.object({ items: z.array(myApplicationSchema) });
export type MyApplications = z.infer<typeof myApplicationsSchema>;

/** The weekly digest of new opportunities (opt-in). */
export const digestSettingsSchema = z.object({
  weekly: z.boolean(),
  domains: z.array(z.enum(categorySlugs)),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
export const digestSettingsBodySchema = z.object({
  weekly: z.boolean({ error: 'Indiquez si vous souhaitez recevoir le récapitulatif.' }),
  domains: z.array(z.enum(categorySlugs, { error: opportunityMessages.unknownDomain })).max(categorySlugs.length).default([]).transform((list) => [...new Set(list)]),
});
export type DigestSettingsBody = z.input<typeof digestSettingsBodySchema>;

/**
 * `GET|POST /api/opportunities/digest/unsubscribe/{link}`: the digest's one-click unsubscribe (RFC 8058),
 * as JSON. `weekly` is whether the digest is on now; `changed` is false when the link changed nothing.
 */
export const digestUnsubscribeSchema = z.object({ weekly: z.boolean(), changed: z.boolean() });
export type DigestUnsubscribe = z.infer<typeof digestUnsubscribeSchema>;
