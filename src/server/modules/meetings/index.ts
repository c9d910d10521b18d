import { asc, eq } from 'drizzle-orm';
import { meetings } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { meetingsRoutes } from './meetings.routes';

export { icsParameterText, INTERVIEW_CALENDAR_MINUTES } from './interview-invitation';
export { attendeeRoomUrl, latestMeeting, latestMeetingQuery, type LatestMeeting } from './latest-meeting';

export const meetingsModule: ModuleManifest = {
  name: 'meetings',
  routes: [meetingsRoutes],
  personalData: [
    { column: meetings.userId, exportedAs: 'meetings', onAccountDeletion: 'cascade' },
    { column: meetings.createdById, exportedAs: { notExported: "l'administrateur qui a planifié l'entretien d'une autre personne" }, onAccountDeletion: 'set null' },
  ],
  async exportSections(db, user) {
    // The room's address is left out: it is only shown while the room is open.
    const rows = await db.select({ scheduledAt: meetings.scheduledAt, createdAt: meetings.createdAt }).from(meetings).where(eq(meetings.userId, user.id)).orderBy(asc(meetings.createdAt));
    return { meetings: rows.map((m) => ({ scheduled_at: iso(m.scheduledAt), created_at: iso(m.createdAt) })) };
  },
};
