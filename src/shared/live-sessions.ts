import { z } from 'zod';
import { bodyIdSchema } from './ids';
import { emptyAsUndefined, pageInfoShape, pagingShape } from './paging';
import { ABSENCE_REASON_MAX, SESSION_MAX_CAPACITY, SESSION_MAX_SLOTS, SIGNATURE_MAX_BYTES, sessionMessages, sessionModalities, TYPED_NAME_MAX } from './live-session-rules';

export * from './live-session-rules';

/**
 * Live sessions of a course (issue 28): in-person days and virtual classes, cut into slots, with
 * registrations, convocations, an electronic sign-in sheet per half-day and calendar feeds.
 */


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

export const adminSessionsQuerySchema = z.object({ ...pagingShape });
export const adminSessionsSchema = z.object({
  items: z.array(sessionSchema.extend({ signed_count: z.number().int(), days: z.array(z.string()) })),
  ...pageInfoShape,
});
export type AdminSessions = z.infer<typeof adminSessionsSchema>;

/** `GET /api/user/calendar` and its rotation: the private feed's address, a path of the site. */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
