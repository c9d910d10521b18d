import { z } from 'zod';
import { parisDay } from './paris-days';

/**
 * The contrat de formation of an individual paying for their own training (issue 29, decision
 * 051): the withdrawal period, the payment schedule and the contract's mentions, each one named,
 * pure and tested; the routes' schemas and French messages, shared with the web.
 */

export const contractMessages = {
  courseNotFound: "Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.",
  freeCourse: 'Ce cours est gratuit : inscrivez-vous directement, sans contrat.',
  contractRequired: 'Ce cours est payant : pour vous y inscrire, lisez et signez le contrat de formation.',
  alreadySigned: 'Vous avez déjà signé le contrat de formation de ce cours.',
  alreadyEnrolled: 'Vous êtes déjà inscrit à ce cours.',
  acceptRequired: 'Cochez la case « J’ai lu et j’accepte le contrat de formation » pour signer.',
  fullNameRequired: 'Saisissez votre nom complet pour signer.',
  fullNameMismatch: 'Le nom saisi doit être celui de votre compte (prénom et nom).',
  waiverNotOffered: "L'organisme ne propose pas d'accès immédiat : votre accès ouvrira à la fin du délai de rétractation.",
  documentChanged: 'Le contrat a changé depuis votre lecture : relisez-le avant de signer.',
  enrolmentNotFound: "Cette inscription n'existe pas.",
  noContract: "Cette inscription ne découle pas d'un contrat de formation : il n'y a pas de rétractation possible.",
  withdrawalOver: 'Le délai de rétractation est écoulé : vous ne pouvez plus vous rétracter.',
  alreadyWithdrawn: 'Vous vous êtes déjà rétracté de ce contrat.',
  contractNotFound: "Ce contrat n'existe pas.",
  leaveThroughWithdrawal: 'Vous avez signé le contrat de formation de ce cours : pour le quitter, rétractez-vous depuis « Mes contrats » pendant le délai de rétractation.',
  accessNotOpen: (day: string) => `Votre accès à ce cours ouvrira le ${frenchDay(day)}, à la fin du délai de rétractation.`,
} as const;

/** 'YYYY-MM-DD' as French people write it: 09/03/2026. */
export function frenchDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Days of the withdrawal period: L6353-5 of the Code du travail (signed in person), L221-18 of the Code de la consommation (at a distance). */
export const WITHDRAWAL_DAYS_IN_PERSON = 10;
export const WITHDRAWAL_DAYS_AT_DISTANCE = 14;
/** At most this share of the price after the withdrawal period (L6353-6). */
export const FIRST_PAYMENT_MAX_PERCENT = 30;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Easter Sunday of the year (anonymous Gregorian algorithm), 'YYYY-MM-DD'. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The French public holidays (jours fériés of the Code du travail L3133-1, metropolitan France). */
export function isFrenchPublicHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];
  if (fixed.includes(day.slice(5))) return true;
  const easter = easterSunday(year);
  return [1, 39, 50].some((offset) => addDays(easter, offset) === day);
}

function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFrenchPublicHoliday(day);
}

/**
 * The last day of the withdrawal period, 'YYYY-MM-DD' in Paris days, the learner may withdraw until
 * the end of it: 10 days from the signature (L6353-5), 14 for a contract signed at a distance
 * (L221-18 of the Code de la consommation). The day of signature does not count (the period runs
 * from the next day, règlement 1182/71, art. 3), the period ends at the end of its last day, and a
 * last day falling on a Saturday, a Sunday or a public holiday moves to the next working day.
 */
export function withdrawalPeriodEnd(signedAt: Date, atDistance: boolean): string {
  let end = addDays(parisDay(signedAt), atDistance ? WITHDRAWAL_DAYS_AT_DISTANCE : WITHDRAWAL_DAYS_IN_PERSON);
  while (!isWorkingDay(end)) end = addDays(end, 1);
  return end;
}

/** Whether the learner may still withdraw at `now` (the period's last day included, in Paris). */
export function withinWithdrawalPeriod(withdrawalUntil: string, now: Date): boolean {
  return parisDay(now) <= withdrawalUntil;
}

/** The first day anything may be charged: the day after the withdrawal period (L6353-6). */
export function firstChargeableDay(withdrawalUntil: string): string {
  return addDays(withdrawalUntil, 1);
}

/** The largest first payment: 30 % of the price, rounded down to the cent (L6353-6). */
export function firstPaymentCap(priceCents: number): number {
  return Math.floor((priceCents * FIRST_PAYMENT_MAX_PERCENT) / 100);
}

/** When an instalment falls due: a Paris day, or a share of the training done (percent of the lessons). */
export type InstalmentDue = { on: string } | { progress: 50 | 100 };

export interface Instalment {
  label: string;
  amountCents: number;
  due: InstalmentDue;
}

export interface ScheduleInput {
  /** The price the learner pays, in cents (the discounted price when there is one). */
  priceCents: number;
  signedAt: Date;
  /** The withdrawal period's last day (withdrawalPeriodEnd). */
  withdrawalUntil: string;
}

/**
 * THE payment schedule of a contrat de formation (L6353-6): nothing before the withdrawal period
 * ends; then a first payment of at most 30 % of the price, due the day after it; the balance
 * spread as the training proceeds, half when half the lessons are done and the rest when the
 * training is complete (a learner who stops early owes only what they reached). Cents are never
 * lost: the sum of the instalments is the price, odd cents go to the last one. A free course has no
 * schedule; an instalment of 0 is left out.
 */
export function paymentSchedule({ priceCents, signedAt, withdrawalUntil }: ScheduleInput): Instalment[] {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError('price must be a whole number of cents');
  if (withdrawalUntil < parisDay(signedAt)) throw new RangeError('the withdrawal period ends before the signature');
  const first = firstPaymentCap(priceCents);
  const balance = priceCents - first;
  const middle = Math.floor(balance / 2);
  const instalments: Instalment[] = [
    { label: `Premier versement (${FIRST_PAYMENT_MAX_PERCENT} % du prix), à la fin du délai de rétractation`, amountCents: first, due: { on: firstChargeableDay(withdrawalUntil) } },
    { label: 'Deuxième versement, à la moitié de la formation', amountCents: middle, due: { progress: 50 } },
    { label: 'Solde, à la fin de la formation', amountCents: balance - middle, due: { progress: 100 } },
  ];
  return instalments.filter((i) => i.amountCents > 0);
}

/** Whether an instalment is due at this day and progress (percent of the counted lessons done). */
export function instalmentIsDue(due: InstalmentDue, today: string, progressPercent: number): boolean {
  return 'on' in due ? today >= due.on : progressPercent >= due.progress;
}

/** The L6353-4 mentions a contrat de formation must carry, on pain of nullity, in the contract's order. */
export const contractMentionKeys = [
  'nature',
  'duration',
  'programme',
  'objectives',
  'prerequisites',
  'distance',
  'trainers',
  'price',
  'payment',
  'withdrawal',
  'termination',
] as const;
export type ContractMentionKey = (typeof contractMentionKeys)[number];

export const contractMentionHeadings: Record<ContractMentionKey, string> = {
  nature: 'Article 1 – Nature et caractéristiques de l’action de formation',
  duration: 'Article 2 – Durée et période de réalisation',
  programme: 'Article 3 – Programme',
  objectives: 'Article 4 – Objectifs',
  prerequisites: 'Article 5 – Niveau de connaissances préalables requis',
  distance: 'Article 6 – Formation à distance : assistance, évaluations',
  trainers: 'Article 7 – Formateurs',
  price: 'Article 8 – Prix de la formation',
  payment: 'Article 9 – Modalités de paiement',
  withdrawal: 'Article 10 – Délai de rétractation',
  termination: 'Article 11 – Interruption de la formation, force majeure',
};

export interface ContractSection {
  key: ContractMentionKey | 'parties' | 'access';
  heading: string;
  body: string;
}

/** The L6353-4 mentions missing from a contract (each must be a section with some text): empty when it is complete. */
export function missingContractMentions(sections: readonly Pick<ContractSection, 'key' | 'body'>[]): ContractMentionKey[] {
  return contractMentionKeys.filter((key) => !sections.some((s) => s.key === key && s.body.trim().length > 0));
}

/** Whether the typed name is the account's "prénom nom" (either order; case, accents and spaces aside). */
export function fullNameMatches(typed: string, firstname: string, lastname: string): boolean {
  const norm = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s\-’']+/g, ' ').trim();
  const t = norm(typed);
  return t.length > 0 && (t === norm(`${firstname} ${lastname}`) || t === norm(`${lastname} ${firstname}`));
}

export const instalmentStatuses = ['scheduled', 'invoiced', 'paid', 'cancelled'] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];
export const instalmentStatusLabels: Record<InstalmentStatus, string> = {
  scheduled: 'À venir',
  invoiced: 'Facturée, à régler',
  paid: 'Payée',
  cancelled: 'Annulée',
};

const dueSchema = z.union([z.object({ on: z.string() }), z.object({ progress: z.union([z.literal(50), z.literal(100)]) })]);

export const instalmentSchema = z.object({
  id: z.number().int().optional(),
  label: z.string(),
  amount_cents: z.number().int(),
  due: dueSchema,
  status: z.enum(instalmentStatuses).optional(),
  invoice_id: z.number().int().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  /** The last card charge failed (Stripe driver, decision 054): Stripe's reason. */
  charge_error: z.string().nullable().optional(),
});
export type InstalmentView = z.infer<typeof instalmentSchema>;

/** `GET /api/courses/{id}/contract`: the contract the caller would sign today, or the one they signed. */
export const contractViewSchema = z.object({
  course_id: z.number().int(),
  course_title: z.string(),
  price_cents: z.number().int(),
  sections: z.array(z.object({ key: z.string(), heading: z.string(), body: z.string() })),
  /** The exact text hashed at signature. */
  text: z.string(),
  sha256: z.string(),
  withdrawal_until: z.string(),
  schedule: z.array(instalmentSchema),
  /** The provider opens access at once to a learner who waives the withdrawal period (L221-28 13°). */
  waiver_offered: z.boolean(),
  signed: z.object({ contract_id: z.number().int(), enrolment_id: z.number().int().nullable(), signed_at: z.string() }).nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

export const contractQuerySchema = z.object({ format: z.enum(['json', 'pdf'], { error: 'Format inconnu : « json » ou « pdf ».' }).optional() });

/** `POST /api/courses/{id}/contract/accept`. */
export const contractAcceptBodySchema = z.object({
  full_name: z.string({ error: contractMessages.fullNameRequired }).trim().min(1, { error: contractMessages.fullNameRequired }).max(200, { error: contractMessages.fullNameMismatch }),
  accept: z.literal(true, { error: contractMessages.acceptRequired }),
  waiver: z.boolean().optional(),
  /** The hash of the text the learner read: a contract changed meanwhile is refused (409). */
  document_sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});
export type ContractAcceptBody = z.infer<typeof contractAcceptBodySchema>;

export const contractAcceptedSchema = z.object({
  contract_id: z.number().int(),
  enrolment_id: z.number().int(),
  withdrawal_until: z.string(),
  access_from: z.string(),
  schedule: z.array(instalmentSchema),
  /** With the Stripe driver on (decision 054): the Checkout page where the learner saves their card. */
  checkout_url: z.string().optional(),
});
export type ContractAccepted = z.infer<typeof contractAcceptedSchema>;

export const withdrawnSchema = z.object({ contract_id: z.number().int(), withdrawn_at: z.string() });
export type Withdrawn = z.infer<typeof withdrawnSchema>;

/** `GET /api/user/contracts`: the learner's contracts, for their space. */
export const myContractSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  enrolment_id: z.number().int().nullable(),
  price_cents: z.number().int(),
  signed_at: z.string(),
  withdrawal_until: z.string(),
  access_from: z.string(),
  waiver: z.boolean(),
  withdrawn_at: z.string().nullable(),
  /** Whether « Me rétracter » is offered now. */
  can_withdraw: z.boolean(),
  sha256: z.string(),
  schedule: z.array(instalmentSchema),
  /** Stripe driver on and no card saved yet: « Enregistrer ma carte » is offered (decision 054). */
  card_needed: z.boolean().optional(),
});
export const myContractsSchema = z.object({ items: z.array(myContractSchema) });
export type MyContract = z.infer<typeof myContractSchema>;
export type MyContracts = z.infer<typeof myContractsSchema>;

/** `POST /api/contracts/{id}/card-setup` (Stripe driver, decision 054): the Checkout page saving the learner's card. */
export const cardSetupSchema = z.object({ checkout_url: z.string() });
export type CardSetup = z.infer<typeof cardSetupSchema>;

/** The Stripe driver's answers and errors (decision 054). */
export const paymentMessages = {
  stripeOff: 'Le paiement par carte n’est pas activé : réglez vos échéances par virement.',
  stripeUnavailable: 'Le service de paiement par carte ne répond pas. Réessayez dans quelques minutes.',
  badSignature: 'Signature du webhook Stripe invalide.',
  cardAlreadySaved: 'Votre carte est déjà enregistrée pour ce contrat.',
} as const;

/** Stripe's decline codes as the learner reads them in the failure notice (decision 054); others keep Stripe's message. */
export const cardDeclineReasons: Record<string, string> = {
  authentication_required: 'votre banque demande une authentification',
  card_declined: 'carte refusée',
  generic_decline: 'carte refusée',
  insufficient_funds: 'provision insuffisante',
  expired_card: 'carte expirée',
};
