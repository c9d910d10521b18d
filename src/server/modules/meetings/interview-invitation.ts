import type { Config } from '../../config';
import type { MailAttachment } from '../../lib/mail/outbox';
import { webPaths } from '../../../shared/web-paths';

/** How long the invitation blocks in the calendar; the room itself stays open longer (shared/meetings.ts). */
export const INTERVIEW_CALENDAR_MINUTES = 60;

export interface InvitedInterview {
  meetingId: number;
  /** ISO 8601, UTC. */
  date: string;
  /** RFC 5545 SEQUENCE: 0 when scheduled, one more at each change (move or cancellation). */
  sequence: number;
  attendee: { name: string; email: string };
}

/**
 * A parameter value (a name in `CN="…"`) as RFC 6868 escapes it: `^` → `^^`, `"` → `^'`, a line
 * break → `^n`. The `ics` package writes a `"` as `\"`, which RFC 5545 does not allow in a
 * parameter: a calendar would end the name there and read the rest as another parameter.
 */
export function icsParameterText(value: string): string {
  return value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r?\n/g, '^n');
}

/** The address part of MAIL_FROM (`EcoForma <ne-pas-repondre@…>`), the invitation's organizer. */
function organizerAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * The interview as an iCalendar invitation (RFC 5545/5546, built by the `ics` package): one UID
 * per interview, so a calendar updates the same event when it moves (higher SEQUENCE) and removes
 * it on METHOD:CANCEL. The room's address is not in it: the interviewee gets it on their profile
 * only while the room is open (decision 015), so the event points to the profile.
 */
export async function interviewInvitation(config: Pick<Config, 'publicUrl' | 'mail'>, interview: InvitedInterview, method: 'REQUEST' | 'CANCEL'): Promise<MailAttachment> {
  // Loaded when an interview is scheduled, not at start (issue 16, goal 4). `default` is the
  // CommonJS module itself: the compiled server's lazy chunk exports nothing else.
  const { createEvent } = (await import('ics')).default;
  const host = new URL(config.publicUrl).hostname || 'localhost';
  const profileUrl = `${config.publicUrl}${webPaths.myInterview}`;
  const { error, value } = createEvent({
    productId: '-//EcoForma//Entretiens//FR',
    method,
    uid: `entretien-${interview.meetingId}@${host}`,
    sequence: interview.sequence,
    start: new Date(interview.date).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: INTERVIEW_CALENDAR_MINUTES },
    title: 'Entretien EcoForma',
    description: `Entretien vidéo avec l’équipe EcoForma. Le lien de la salle apparaît sur votre profil 15 minutes avant l’heure : ${profileUrl}`,
    location: 'Visioconférence (lien sur votre profil EcoForma)',
    url: profileUrl,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: 'EcoForma', email: organizerAddress(config.mail.from) },
    attendees: [{ name: icsParameterText(interview.attendee.name), email: interview.attendee.email, rsvp: false, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('invitation iCalendar vide');
  return {
    filename: method === 'CANCEL' ? 'annulation-entretien.ics' : 'entretien.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: value,
  };
}
