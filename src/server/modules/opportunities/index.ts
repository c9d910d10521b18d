import { asc, eq } from 'drizzle-orm';
import { opportunities, opportunityDigests, opportunityResponses } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { opportunitiesRoutes } from './opportunities.routes';
import { opportunityTarget, sendWeeklyDigests } from './opportunities.service';

export { recentOpportunitiesFor } from './opportunities.service';

export const opportunitiesModule: ModuleManifest = {
  name: 'opportunities',
  routes: [opportunitiesRoutes],
  moderationTargets: { opportunity: opportunityTarget },
  personalData: [
    { column: opportunities.ownerId, exportedAs: 'opportunities', onAccountDeletion: 'cascade' },
    { column: opportunityResponses.userId, exportedAs: 'applications', onAccountDeletion: 'cascade' },
    { column: opportunityDigests.userId, exportedAs: 'opportunity_digest', onAccountDeletion: 'cascade' },
  ],
  async exportSections(db, user) {
    const [posted, answers, digest] = await Promise.all([
      db.select().from(opportunities).where(eq(opportunities.ownerId, user.id)).orderBy(asc(opportunities.createdAt)),
      db
        .select({ response: opportunityResponses, title: opportunities.title })
        .from(opportunityResponses)
        .innerJoin(opportunities, eq(opportunities.id, opportunityResponses.opportunityId))
        .where(eq(opportunityResponses.userId, user.id))
        .orderBy(asc(opportunityResponses.createdAt)),
      db.select().from(opportunityDigests).where(eq(opportunityDigests.userId, user.id)),
    ]);
    return {
      opportunities: posted.map((o) => ({
        id: o.id,
        type: o.type,
        title: o.title,
        description: o.description,
        region: o.region,
        domains: o.domains,
        location: o.location,
        remote: o.remote,
        deadline: o.deadline,
        closed_at: iso(o.closedAt),
        created_at: iso(o.createdAt),
      })),
      applications: answers.map((a) => ({
        opportunity_id: a.response.opportunityId,
        opportunity_title: a.title,
        kind: a.response.kind,
        message: a.response.message,
        certificate_ids: a.response.certificateIds,
        created_at: iso(a.response.createdAt),
      })),
      opportunity_digest: digest[0] ? { domains: digest[0].domains, last_sent_at: iso(digest[0].lastSentAt) } : null,
    };
  },
  jobs: [
    {
      name: 'récapitulatif hebdomadaire des nouvelles opportunités (un e-mail par personne et par semaine au plus)',
      async run({ db, log }) {
        const sent = await sendWeeklyDigests(db);
        if (sent > 0) log.info(`${sent} récapitulatif(s) d’opportunités mis en file d’envoi`);
      },
    },
  ],
};
