import { z } from 'zod';
import { bodyIdSchema } from './ids';
import { pagingParams, pageInfoShape } from './paging';

/**
 * Quotes and conventions (issue 29, decision 052): an organisation asks a quote (devis) for seats on
 * a course, accepts it in the app, and the acceptance makes, in one transaction, the convention de
 * formation (L6353-1, D6353-1), the invoice and the seats.
 */

/** The most seats one quote asks for (a larger need is several quotes, or a talk with the team). */
export const QUOTE_MAX_SEATS = 500;
/** A quote may be accepted this many days after it is made (the price is held that long). */
export const QUOTE_VALIDITY_DAYS = 30;
/** The invoice issued on acceptance is due this many days after it. */
export const QUOTE_PAYMENT_DAYS = 30;
/** The convention's period of realisation: the members follow the course within this many days of the acceptance. */
export const CONVENTION_PERIOD_DAYS = 365;

export const quoteMessages = {
  seatsInvalid: `Le nombre de places doit être un nombre entier entre 1 et ${QUOTE_MAX_SEATS}.`,
  courseRequired: 'Choisissez une formation.',
  courseNotFound: "Cette formation n'existe pas ou n'est pas publiée.",
  courseFree: "Cette formation est gratuite : vos membres peuvent la suivre sans devis.",
  quoteNotFound: "Ce devis n'existe pas.",
  expired: 'Ce devis a expiré : demandez-en un nouveau.',
  alreadyAccepted: 'Ce devis est déjà accepté.',
  notAccepted: "Ce devis n'est pas encore accepté : la convention de formation n'existe pas encore.",
  noSeatsHint: "Votre organisation n'a encore de places pour aucune formation. Demandez un devis : une fois accepté, les places sont ouvertes aussitôt.",
} as const;

export const quoteStatuses = ['pending', 'accepted', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const quoteStatusLabels: Record<QuoteStatus, string> = { pending: 'En attente', accepted: 'Accepté', expired: 'Expiré' };

/** The day a quote made at `createdAt` stops being acceptable (QUOTE_VALIDITY_DAYS later, same time). */
export function quoteValidUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + QUOTE_VALIDITY_DAYS * 86_400_000);
}

/** Where a quote stands at `now`: accepted stays accepted; a pending one past its validity is expired. */
export function quoteStatus(quote: { acceptedAt: Date | null; validUntil: Date }, now: Date): QuoteStatus {
  if (quote.acceptedAt) return 'accepted';
  return now.getTime() > quote.validUntil.getTime() ? 'expired' : 'pending';
}

/** The price a quote holds: the course's current price (its discount when set) for each seat, excluding VAT, in cents. */
export function quoteAmounts(course: { priceCents: number; discountPriceCents: number | null }, seats: number): { unitCents: number; totalCents: number } {
  if (!Number.isInteger(seats) || seats < 1 || seats > QUOTE_MAX_SEATS) throw new RangeError(quoteMessages.seatsInvalid);
  const unitCents = course.discountPriceCents !== null && course.discountPriceCents < course.priceCents ? course.discountPriceCents : course.priceCents;
  return { unitCents, totalCents: unitCents * seats };
}

/** The quote's number: `DEV-2026-000042` (year of issue, then the row's id). */
export function quoteNumber(id: number, createdAt: Date): string {
  return `DEV-${createdAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/** The convention's number follows its quote's: `CF-2026-000042`. */
export function conventionNumber(id: number, createdAt: Date): string {
  return `CF-${createdAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

const seatsSchema = z
  .number({ error: quoteMessages.seatsInvalid })
  .int({ error: quoteMessages.seatsInvalid })
  .min(1, { error: quoteMessages.seatsInvalid })
  .max(QUOTE_MAX_SEATS, { error: quoteMessages.seatsInvalid });

/** `POST /api/organisation/quotes` */
export const quoteRequestBodySchema = z.object({ course_id: bodyIdSchema, seats: seatsSchema });
export type QuoteRequestBody = z.infer<typeof quoteRequestBodySchema>;

/** A quote as the organisation and the administrators read it. */
export const quoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(quoteStatuses),
  organisation: z.object({ id: z.number().int().nullable(), name: z.string() }),
  course: z.object({ id: z.number().int().nullable(), title: z.string() }),
  seats: z.number().int(),
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
  created_at: z.string(),
  valid_until: z.string(),
  accepted_at: z.string().nullable(),
  /** The convention's number once accepted. */
  convention_number: z.string().nullable(),
  /** The invoice issued on acceptance. */
  invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListSchema = z.object({ items: z.array(quoteSchema) });
export type QuoteList = z.infer<typeof quoteListSchema>;

/** `GET /api/admin/quotes?q=&status=&page=&pageSize=` */
export const adminQuotesQuerySchema = z.object({
  q: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(100, { error: 'La recherche dépasse 100 caractères.' }).optional()),
  ...pagingParams(),
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(quoteStatuses, { error: 'Statut de devis inconnu.' }).optional()),
});
export type AdminQuotesQuery = z.output<typeof adminQuotesQuerySchema>;
export const adminQuotesResponseSchema = z.object({ items: z.array(quoteSchema), ...pageInfoShape });
export type AdminQuotesResponse = z.infer<typeof adminQuotesResponseSchema>;

/** `POST /api/quotes/{id}/accept`: the accepted quote, the convention and the invoice it made, the seats it opened. */
export const quoteAcceptanceSchema = z.object({
  quote: quoteSchema,
  seats: z.object({ course_id: z.number().int(), seats: z.number().int(), used: z.number().int() }),
});
export type QuoteAcceptance = z.infer<typeof quoteAcceptanceSchema>;

/** The buyer as the quote names it, kept with the quote (the organisation may change its details later). */
export interface QuoteBuyer {
  name: string;
  siret: string;
  address: string;
  postalCode: string;
  city: string;
  /** The person who asked the quote and accepts it for the organisation. */
  representative: string;
  email: string;
}

/**
 * Everything the convention de formation states, gathered at acceptance and kept with the quote,
 * so that its PDF says the same thing at every download.
 */
export interface ConventionFacts {
  number: string;
  quoteNumber: string;
  provider: { legalName: string; siret: string; nda: string; address: string; postalCode: string; city: string; legalRepresentative: string; vatRegime: string | null };
  buyer: QuoteBuyer;
  course: {
    title: string;
    objectives: string[];
    /** Sections and their activities, in order. */
    programme: { title: string; items: string[] }[];
    /** The course's announced duration (« 6 heures »). */
    duration: string;
    /** The sum of its activities' estimated durations. */
    estimatedMinutes: number;
    targetAudience: string;
    prerequisites: string;
    assessmentMethods: string;
    trainer: string;
  };
  seats: number;
  unitCents: number;
  totalCents: number;
  /** 'YYYY-MM-DD' days (Paris) of the period of realisation. */
  periodFrom: string;
  periodTo: string;
  invoiceNumber: string;
  dueOn: string;
  /** ISO instant of the acceptance (the signature of both parties). */
  acceptedAt: string;
}
