import { z } from 'zod';
import { idSchema } from './ids';

// The room's clock lives apart, free of zod, so that the navigation bar can use it without bringing zod into the first chunk.
export * from './meeting-room';

export const meetingMessages = {
  missingDate: 'La date de la réunion est obligatoire.',
  invalidDate: 'La date de la réunion est invalide.',
  pastDate: 'La date de la réunion ne peut pas être dans le passé.',
  meetingNotFound: 'Réunion introuvable',
  noUpcomingMeeting: 'Aucun entretien à venir avec cet utilisateur.',
} as const;

/**
 * `POST /api/admin/users/{id}/meeting`: schedules the user's interview at `meeting_date` (ISO 8601),
 * or moves it there when one is not over yet. The date is required: nothing is ever created "now" implicitly.
 */
export const meetingBodySchema = z
  .object({
    meeting_date: z
      .string({ error: (issue) => (issue.input === undefined ? meetingMessages.missingDate : meetingMessages.invalidDate) })
      .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), { message: meetingMessages.invalidDate }),
  })
  // An empty body reaches the service, which refuses it with the same field error as `{}`.
  .nullish();

export const meetingCreatedResponseSchema = z.object({
  meeting_id: z.number().int(),
  meeting_url: z.string(),
  /** ISO 8601, UTC. */
  meeting_date: z.string(),
  /** True when the user's interview was moved (same record and room) rather than created. */
  moved: z.boolean(),
});
export type MeetingCreatedResponse = z.infer<typeof meetingCreatedResponseSchema>;

export const meetingIdParamsSchema = z.object({ meetingId: idSchema });

/** `GET /api/admin/meetings/{meetingId}`: what the meeting page needs to embed the room. */
/** The user whose interview it is. */
const meetingUserSchema = z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string() });

export const meetingDetailSchema = z.object({
  id: z.number().int(),
  room_name: z.string(),
  url: z.string(),
  meeting_date: z.string(),
  jitsi_domain: z.string(),
  user: meetingUserSchema,
});
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;

/** `GET /api/admin/users/{id}/meeting`: who the user is and their interview that is not over, if any. */
export const userMeetingResponseSchema = z.object({
  user: meetingUserSchema,
  meeting: z.nullable(meetingDetailSchema),
});
export type UserMeetingResponse = z.infer<typeof userMeetingResponseSchema>;

/** The fixed toolbar of the embedded meeting (spec: "the toolbar buttons are a fixed list"). */
export const JITSI_TOOLBAR_BUTTONS = ['microphone', 'camera', 'desktop', 'chat', 'raisehand', 'tileview', 'hangup', 'fullscreen', 'settings'] as const;
