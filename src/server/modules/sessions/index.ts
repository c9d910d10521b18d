import { asc, eq } from 'drizzle-orm';
import { calendarFeeds, courses, liveAbsences, liveRegistrations, liveSessions, liveSignatures, liveSlots } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { signaturesEvidence } from './sessions-evidence';
import { sessionsRoutes } from './sessions.routes';

export { hashIp, ipHashSecret, signedLiveMinutes, signingRefusal, type SignedSlotMinutes } from './sessions.service';

/** Live sessions of courses (issue 28): planning, registrations, convocations, sign-in sheets and calendar feeds. */
export const sessionsModule: ModuleManifest = {
  name: 'sessions',
  evidence: signaturesEvidence,
  routes: [sessionsRoutes],
  personalData: [
    { column: liveSessions.createdById, exportedAs: { notExported: 'le formateur ou l’administrateur qui a planifié la session' }, onAccountDeletion: 'set null' },
    { column: liveSlots.countersignedById, exportedAs: { notExported: 'le formateur qui a contresigné la feuille (son nom reste sur la feuille)' }, onAccountDeletion: 'set null' },
    { column: liveRegistrations.userId, exportedAs: 'live_sessions', onAccountDeletion: 'cascade' },
    { column: liveRegistrations.registeredById, exportedAs: { notExported: 'l’organisation qui a inscrit un de ses membres' }, onAccountDeletion: 'set null' },
    { column: liveSignatures.userId, exportedAs: 'live_signatures', onAccountDeletion: 'cascade' },
    { column: liveAbsences.userId, exportedAs: 'live_signatures', onAccountDeletion: 'cascade' },
    { column: liveAbsences.justifiedById, exportedAs: { notExported: 'le formateur qui a justifié une absence' }, onAccountDeletion: 'set null' },
    { column: calendarFeeds.userId, exportedAs: { notExported: 'l’adresse privée de l’agenda : un secret, remplacé à la demande' }, onAccountDeletion: 'cascade' },
  ],
  async exportSections(db, user) {
    const [registered, signed, absences] = await Promise.all([
      db
        .select({ title: liveSessions.title, courseTitle: courses.title, startsAt: liveSessions.startsAt, endsAt: liveSessions.endsAt, registeredAt: liveRegistrations.createdAt })
        .from(liveRegistrations)
        .innerJoin(liveSessions, eq(liveSessions.id, liveRegistrations.sessionId))
        .innerJoin(courses, eq(courses.id, liveSessions.courseId))
        .where(eq(liveRegistrations.userId, user.id))
        .orderBy(asc(liveSessions.startsAt)),
      db
        .select({ slotStartsAt: liveSlots.startsAt, signedAt: liveSignatures.signedAt, method: liveSignatures.method, sha256: liveSignatures.imageSha256, userAgent: liveSignatures.userAgent })
        .from(liveSignatures)
        .innerJoin(liveSlots, eq(liveSlots.id, liveSignatures.slotId))
        .where(eq(liveSignatures.userId, user.id))
        .orderBy(asc(liveSlots.startsAt)),
      db
        .select({ slotStartsAt: liveSlots.startsAt, reason: liveAbsences.reason })
        .from(liveAbsences)
        .innerJoin(liveSlots, eq(liveSlots.id, liveAbsences.slotId))
        .where(eq(liveAbsences.userId, user.id)),
    ]);
    return {
      live_sessions: registered.map((r) => ({ title: r.title, course_title: r.courseTitle, starts_at: iso(r.startsAt), ends_at: iso(r.endsAt), registered_at: iso(r.registeredAt) })),
      live_signatures: [
        ...signed.map((s) => ({ slot_starts_at: iso(s.slotStartsAt), signed_at: iso(s.signedAt), method: s.method, image_sha256: s.sha256, user_agent: s.userAgent })),
        ...absences.map((a) => ({ slot_starts_at: iso(a.slotStartsAt), justified_absence: a.reason })),
      ],
    };
  },
};
