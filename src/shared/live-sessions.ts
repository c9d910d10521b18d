import { z } from 'zod';
import { bodyIdSchema } from './ids';
import { emptyAsUndefined, pageInfoShape, pagingParams } from './paging';

/**
 * Live sessions of a course (issue 28): in-person days and virtual classes, cut into slots, with
 * registrations, convocations, an electronic sign-in sheet per half-day and calendar feeds.
 */

export const sessionModalities = ['in_person', 'virtual'] as const;
export type SessionModality = (typeof sessionModalities)[number];
export const sessionModalityLabels: Record<SessionModality, string> = { in_person: 'En présentiel', virtual: 'Classe virtuelle' };

/** A slot is a half-day at most (R6332-26: one signature per learner and half-day). */
export const SLOT_MAX_MINUTES = 4 * 60;
export const SLOT_MIN_MINUTES = 15;
export const SESSION_MAX_SLOTS = 20;
export const SESSION_MAX_CAPACITY = 500;
/** The virtual room opens this long before the session's start, and closes at its end. */
export const ROOM_OPENS_BEFORE_MS = 15 * 60 * 1000;
/** A learner signs a slot from 15 minutes before its start to 30 minutes after. */
export const SIGNING_OPENS_BEFORE_MS = 15 * 60 * 1000;
export const SIGNING_CLOSES_AFTER_MS = 30 * 60 * 1000;
/** A signature image: a PNG of at most 200 KB, drawn on a pad of reasonable size. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const TYPED_NAME_MAX = 80;
export const ABSENCE_REASON_MAX = 300;

export const sessionMessages = {
  titleRequired: 'Le titre de la session est obligatoire.',
  titleTooLong: 'Le titre ne doit pas dépasser 200 caractères.',
  invalidDate: 'La date est invalide.',
  endBeforeStart: 'La fin doit être après le début.',
  pastStart: 'La session ne peut pas commencer dans le passé.',
  addressRequired: 'L’adresse est obligatoire pour une session en présentiel.',
  capacityInvalid: `La capacité doit être un nombre entier entre 1 et ${SESSION_MAX_CAPACITY}.`,
  capacityBelowRegistered: (n: number) => `La capacité ne peut pas être inférieure au nombre d’inscrits (${n}).`,
  slotsRequired: 'Ajoutez au moins un créneau.',
  tooManySlots: `Une session compte au plus ${SESSION_MAX_SLOTS} créneaux.`,
  slotTooLong: 'Un créneau dure au plus une demi-journée (4 heures) : coupez la journée en matinée et après-midi.',
  slotTooShort: `Un créneau dure au moins ${SLOT_MIN_MINUTES} minutes.`,
  slotOutsideSession: 'Chaque créneau doit être compris entre le début et la fin de la session.',
  slotsOverlap: 'Deux créneaux se chevauchent.',
  courseNotFound: 'Cours introuvable.',
  sessionNotFound: 'Session introuvable.',
  slotNotFound: 'Créneau introuvable.',
  sessionFull: 'Cette session est complète : il ne reste plus de place.',
  sessionStarted: 'Cette session a déjà commencé : les inscriptions sont closes.',
  alreadyRegistered: 'Vous êtes déjà inscrit à cette session.',
  notEnrolled: 'Inscrivez-vous d’abord à la formation pour participer à ses sessions.',
  membersNotEnrolled: 'Ces personnes ne sont pas inscrites à la formation sur les places de votre organisation.',
  membersRequired: 'Choisissez les membres à inscrire.',
  hasSignatures: 'Des apprenants ont déjà signé la feuille d’émargement de cette session : elle ne peut plus être supprimée.',
  startedChange: 'Cette session a commencé : ses dates ne peuvent plus être modifiées.',
  notRegistered: 'Vous n’êtes pas inscrit à cette session : vous ne pouvez pas signer sa feuille d’émargement.',
  signingNotOpen: 'La signature ouvre 15 minutes avant le début du créneau.',
  signingClosed: 'La signature fermait 30 minutes après le début du créneau : demandez au formateur de noter votre présence ou votre absence justifiée.',
  alreadySigned: 'Vous avez déjà signé ce créneau : votre première signature est conservée.',
  signatureRequired: 'Signez dans le cadre, ou tapez votre nom.',
  signatureInvalid: 'La signature doit être une image PNG.',
  signatureTooLarge: 'L’image de la signature est trop lourde (200 Ko au plus).',
  signatureTooSmall: 'L’image de la signature est trop petite.',
  signatureEmpty: 'Le cadre de signature est vide : signez avant de valider.',
  typedNameRequired: 'Tapez votre nom complet.',
  typedNameTooLong: `Le nom ne doit pas dépasser ${TYPED_NAME_MAX} caractères.`,
  oneSignatureKind: 'Envoyez soit une signature dessinée, soit votre nom tapé, pas les deux.',
  countersignNotYet: 'Le formateur contresigne le créneau une fois celui-ci commencé.',
  alreadyCountersigned: 'Ce créneau est déjà contresigné.',
  reasonRequired: 'Indiquez le motif de l’absence.',
  reasonTooLong: `Le motif ne doit pas dépasser ${ABSENCE_REASON_MAX} caractères.`,
  learnerSigned: 'Cette personne a signé ce créneau : elle n’est pas absente.',
  learnerNotRegistered: 'Cette personne n’est pas inscrite à cette session.',
  sheetDateInvalid: 'La date doit être au format AAAA-MM-JJ.',
  noSlotThatDay: 'Aucun créneau de cette session ce jour-là.',
} as const;

const isoInstant = (field: string) =>
  z
    .string({ error: sessionMessages.invalidDate })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), { message: sessionMessages.invalidDate })
    .describe(`${field}, ISO 8601`);

export const slotBodySchema = z.object({ starts_at: isoInstant('Début'), ends_at: isoInstant('Fin') });
export type SlotBody = z.infer<typeof slotBodySchema>;

/** `POST /api/courses/{id}/sessions` and `PUT /api/sessions/{id}`. */
export const sessionBodySchema = z.object({
  title: z.string({ error: sessionMessages.titleRequired }).trim().min(1, sessionMessages.titleRequired).max(200, sessionMessages.titleTooLong),
  modality: z.enum(sessionModalities, { error: 'Choisissez la modalité : en présentiel ou classe virtuelle.' }),
  address: z.string().trim().max(300, 'L’adresse ne doit pas dépasser 300 caractères.').nullish(),
  starts_at: isoInstant('Début de la session'),
  ends_at: isoInstant('Fin de la session'),
  capacity: z.number({ error: sessionMessages.capacityInvalid }).int(sessionMessages.capacityInvalid).min(1, sessionMessages.capacityInvalid).max(SESSION_MAX_CAPACITY, sessionMessages.capacityInvalid),
  slots: z.array(slotBodySchema, { error: sessionMessages.slotsRequired }).min(1, sessionMessages.slotsRequired).max(SESSION_MAX_SLOTS, sessionMessages.tooManySlots),
});
export type SessionBody = z.infer<typeof sessionBodySchema>;

/**
 * The rules of a session's dates, one place for the form and the server: each slot lies within
 * the session, lasts from 15 minutes to a half-day, and no two overlap. Field errors by name.
 */
export function sessionScheduleErrors(body: Pick<SessionBody, 'starts_at' | 'ends_at' | 'slots' | 'modality' | 'address'>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const start = Date.parse(body.starts_at);
  const end = Date.parse(body.ends_at);
  if (end <= start) add('ends_at', sessionMessages.endBeforeStart);
  if (body.modality === 'in_person' && !body.address?.trim()) add('address', sessionMessages.addressRequired);
  const slots = body.slots.map((s, i) => ({ i, start: Date.parse(s.starts_at), end: Date.parse(s.ends_at) })).sort((a, b) => a.start - b.start);
  for (const slot of slots) {
    const field = `slots.${slot.i}`;
    const minutes = (slot.end - slot.start) / 60_000;
    if (minutes <= 0) add(field, sessionMessages.endBeforeStart);
    else if (minutes < SLOT_MIN_MINUTES) add(field, sessionMessages.slotTooShort);
    else if (minutes > SLOT_MAX_MINUTES) add(field, sessionMessages.slotTooLong);
    if (slot.start < start || slot.end > end) add(field, sessionMessages.slotOutsideSession);
  }
  for (let k = 1; k < slots.length; k++) if (slots[k]!.start < slots[k - 1]!.end) add(`slots.${slots[k]!.i}`, sessionMessages.slotsOverlap);
  return errors;
}

/** `POST /api/sessions/{id}/registrations`: empty for oneself; an organisation names its members (user ids). */
export const registrationBodySchema = z
  .object({ user_ids: z.array(bodyIdSchema).max(SESSION_MAX_CAPACITY).optional() })
  .nullish();
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

export const registrationResultSchema = z.object({ registered: z.array(z.number().int()), remaining: z.number().int() });
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** `POST /api/slots/{id}/signatures` and the trainer's countersignature: a drawn PNG (base64) or, for who cannot draw, the typed name. */
export const signatureBodySchema = z.object({
  signature_png: z.string().max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 100, sessionMessages.signatureTooLarge).optional(),
  typed_name: z.string().trim().min(1, sessionMessages.typedNameRequired).max(TYPED_NAME_MAX, sessionMessages.typedNameTooLong).optional(),
});
export type SignatureBody = z.infer<typeof signatureBodySchema>;

export const absenceBodySchema = z.object({
  reason: z.string({ error: sessionMessages.reasonRequired }).trim().min(1, sessionMessages.reasonRequired).max(ABSENCE_REASON_MAX, sessionMessages.reasonTooLong),
});
export type AbsenceBody = z.infer<typeof absenceBodySchema>;

export const slotSchema = z.object({ id: z.number().int(), starts_at: z.string(), ends_at: z.string(), countersigned_at: z.string().nullable() });
export type Slot = z.infer<typeof slotSchema>;

export const sessionSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  modality: z.enum(sessionModalities),
  address: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number().int(),
  registered_count: z.number().int(),
  /** Whether the caller is registered. */
  registered: z.boolean(),
  /** The virtual room, only for the trainer and administrators, or a registered learner while it is open. */
  room_url: z.string().nullable(),
  trainer_name: z.string(),
  slots: z.array(slotSchema),
});
export type LiveSession = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** One learner's state on one slot. */
export const sheetLineStates = ['signed', 'absent', 'justified'] as const;
export const sheetLineSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  state: z.enum(sheetLineStates),
  signed_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SheetLine = z.infer<typeof sheetLineSchema>;

/** `GET /api/slots/{id}/sheet`: the trainer's live sheet. */
export const slotSheetSchema = z.object({
  session: sessionSchema,
  slot: slotSchema,
  lines: z.array(sheetLineSchema),
});
export type SlotSheet = z.infer<typeof slotSheetSchema>;

/** `GET /api/user/sessions`: the learner's sessions, with their signature on each slot. */
export const mySessionSchema = sessionSchema.extend({
  my_slots: z.array(z.object({ slot_id: z.number().int(), signed_at: z.string().nullable(), absence_reason: z.string().nullable() })),
});
export type MySession = z.infer<typeof mySessionSchema>;
export const mySessionsSchema = z.object({ items: z.array(mySessionSchema) });
export type MySessions = z.infer<typeof mySessionsSchema>;

export const signatureCreatedSchema = z.object({ slot_id: z.number().int(), signed_at: z.string() });
export type SignatureCreated = z.infer<typeof signatureCreatedSchema>;

/** `?date=YYYY-MM-DD` (Paris day); absent: the session's first day. */
export const attendanceSheetQuerySchema = z.object({
  date: z.preprocess(emptyAsUndefined, z.string({ error: sessionMessages.sheetDateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, sessionMessages.sheetDateInvalid).optional()),
});

export const adminSessionsQuerySchema = z.object({ ...pagingParams() });
export const adminSessionsSchema = z.object({
  items: z.array(sessionSchema.extend({ signed_count: z.number().int(), days: z.array(z.string()) })),
  ...pageInfoShape,
});
export type AdminSessions = z.infer<typeof adminSessionsSchema>;

/** `GET /api/user/calendar` and its rotation: the private feed's address, a path of the site. */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** Whether a virtual session's room may be entered at `now`: from 15 minutes before its start to its end. */
export function sessionRoomOpen(session: { starts_at: string | Date; ends_at: string | Date }, now: Date | number): boolean {
  const t = typeof now === 'number' ? now : now.getTime();
  return t >= new Date(session.starts_at).getTime() - ROOM_OPENS_BEFORE_MS && t <= new Date(session.ends_at).getTime();
}

/** Where `now` stands against a slot's signing window (15 minutes before its start to 30 minutes after). */
export function signingWindowState(slot: { starts_at: string | Date }, now: Date | number): 'not_open' | 'open' | 'closed' {
  const t = typeof now === 'number' ? now : now.getTime();
  const start = new Date(slot.starts_at).getTime();
  if (t < start - SIGNING_OPENS_BEFORE_MS) return 'not_open';
  return t <= start + SIGNING_CLOSES_AFTER_MS ? 'open' : 'closed';
}
