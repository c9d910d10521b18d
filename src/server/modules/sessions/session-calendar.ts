import type { EventAttributes } from 'ics';
import type { Config } from '../../config';
import type { MailAttachment } from '../../lib/mail/outbox';
import { sessionModalityLabels, type SessionModality } from '../../../shared/live-sessions';
import { webPaths } from '../../../shared/web-paths';
import { icsParameterText } from '../meetings';

export interface CalendarSession {
  id: number;
  title: string;
  courseTitle: string;
  modality: SessionModality;
  address: string | null;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
}

/** The host part of the UIDs: one per installation, so two platforms' events never collide. */
export function uidHost(config: Pick<Config, 'publicUrl'>): string {
  return new URL(config.publicUrl).hostname || 'localhost';
}

/** The session's UID, the same in the convocation, its updates, its cancellation and the feed. */
export function sessionUid(config: Pick<Config, 'publicUrl'>, sessionId: number): string {
  return `session-${sessionId}@${uidHost(config)}`;
}

function organizerAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * The session as an event. Times are written in UTC (`…Z`, RFC 5545 form 2), which every calendar
 * shows in its own zone (Europe/Paris for our learners): `ics` cannot write a VTIMEZONE, and a
 * TZID without one is not valid (decision 049). The room's address is not in it: it is only shown
 * on « Mes sessions » while the room is open.
 */
export function sessionEvent(config: Pick<Config, 'publicUrl'>, session: CalendarSession): EventAttributes {
  const page = `${config.publicUrl}${webPaths.mySessions}`;
  const where = session.modality === 'virtual' ? 'Classe virtuelle (lien sur « Mes sessions » 15 minutes avant le début)' : (session.address ?? '');
  return {
    uid: sessionUid(config, session.id),
    sequence: session.sequence,
    start: session.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: session.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${session.title} (${session.courseTitle})`,
    description: `${sessionModalityLabels[session.modality]} de la formation « ${session.courseTitle} ». Signez la feuille d’émargement depuis ${page}`,
    location: where,
    url: page,
  };
}

/** The convocation's calendar invitation (REQUEST), its update (same UID, higher SEQUENCE) or its cancellation (CANCEL). */
export async function sessionInvitation(
  config: Pick<Config, 'publicUrl' | 'mail'>,
  session: CalendarSession,
  attendee: { name: string; email: string },
  method: 'REQUEST' | 'CANCEL',
): Promise<MailAttachment> {
  // Loaded with the first convocation, not at start (issue 16, goal 4).
  const { createEvent } = (await import('ics')).default;
  const { error, value } = createEvent({
    ...sessionEvent(config, session),
    productId: '-//EcoForma//Sessions//FR',
    method,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: 'EcoForma', email: organizerAddress(config.mail.from) },
    attendees: [{ name: icsParameterText(attendee.name), email: attendee.email, rsvp: false, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('invitation iCalendar vide');
  return {
    filename: method === 'CANCEL' ? 'annulation-session.ics' : 'session.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: value,
  };
}
