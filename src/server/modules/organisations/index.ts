import { asc, eq, or, sql } from 'drizzle-orm';
import { courses, organisationEnrolments, organisationInvitationMails, organisationMembers, organisations } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { organisationsRoutes } from './organisations.routes';

export {
  assertSiretFree,
  findOrganisationDetails,
  isSiretViolation,
  organisationValues,
  saveOrganisation,
  siretTaken,
  type OrganisationInput,
} from './organisation-details';
export { addSeats, announcePendingInvitations, invitationProvesAddress, requireOrganisation } from './organisations.service';

export const organisationsModule: ModuleManifest = {
  name: 'organisations',
  routes: [organisationsRoutes],
  jobs: [
    {
      name: "oubli des envois d'invitations de plus d'un jour (plafonds par organisation)",
      async run({ db }) {
        await db.delete(organisationInvitationMails).where(sql`${organisationInvitationMails.sentAt} < now() - interval '1 day'`);
      },
    },
  ],
  personalData: [
    { column: organisations.userId, exportedAs: 'organisation', onAccountDeletion: 'cascade' },
    { column: organisationMembers.userId, exportedAs: 'organisation_memberships', onAccountDeletion: 'cascade' },
    { column: organisationEnrolments.userId, exportedAs: 'organisation_enrolments', onAccountDeletion: 'cascade' },
  ],
  async exportSections(db, user) {
    const [own, memberships, enrolledBy] = await Promise.all([
      db.select().from(organisations).where(eq(organisations.userId, user.id)),
      // The organisations that invited this person, and where each membership stands.
      db
        .select({ name: organisations.name, status: organisationMembers.status, invitedAt: organisationMembers.invitedAt, joinedAt: organisationMembers.joinedAt, endedAt: organisationMembers.endedAt })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.userId, organisationMembers.organisationId))
        .where(or(eq(organisationMembers.userId, user.id), eq(organisationMembers.email, user.email)))
        .orderBy(asc(organisationMembers.invitedAt)),
      // The courses an organisation enrolled this person in, on its seats.
      db
        .select({ name: organisations.name, courseId: organisationEnrolments.courseId, title: courses.title, createdAt: organisationEnrolments.createdAt })
        .from(organisationEnrolments)
        .innerJoin(organisations, eq(organisations.userId, organisationEnrolments.organisationId))
        .innerJoin(courses, eq(courses.id, organisationEnrolments.courseId))
        .where(eq(organisationEnrolments.userId, user.id))
        .orderBy(asc(organisationEnrolments.createdAt)),
    ]);
    return {
      organisation:
        own.map(({ searchText: _searchText, userId: _userId, createdAt, updatedAt, ...details }) => ({ ...details, created_at: iso(createdAt), updated_at: iso(updatedAt) }))[0] ?? null,
      organisation_memberships: memberships.map((m) => ({
        organisation: m.name,
        status: m.status,
        invited_at: iso(m.invitedAt),
        joined_at: iso(m.joinedAt),
        ended_at: iso(m.endedAt),
      })),
      organisation_enrolments: enrolledBy.map((e) => ({ organisation: e.name, course_id: e.courseId, course_title: e.title, enrolled_at: iso(e.createdAt) })),
    };
  },
};
