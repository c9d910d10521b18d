import { asc, eq } from 'drizzle-orm';
import { contractInstalments, courses, trainingContracts } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { contractsRoutes } from './contracts.routes';
import { stripeRoutes } from './stripe.routes';
import { chargeInvoicedInstalments } from './stripe-payments';
import { invoiceDueInstalments, markInstalmentPaid } from './contracts.service';

export { buildContract } from './contract-document';

/**
 * Selling to individuals (issue 29, decision 051): the contrat de formation read and signed in
 * the app, the withdrawal period, the payment schedule, the daily invoicing of due instalments
 * (through the invoices module) and their payment (the invoicePaid hook). Enrolment stays the
 * enrolments module's: a signature calls `enrol()` with the day access opens.
 */
export const contractsModule: ModuleManifest = {
  name: 'contracts',
  routes: [contractsRoutes, stripeRoutes],
  personalData: [{ column: trainingContracts.userId, exportedAs: 'training_contracts', onAccountDeletion: 'cascade' }],
  async exportSections(db, user) {
    const rows = await db
      .select({ contract: trainingContracts, title: courses.title })
      .from(trainingContracts)
      .innerJoin(courses, eq(courses.id, trainingContracts.courseId))
      .where(eq(trainingContracts.userId, user.id))
      .orderBy(asc(trainingContracts.signedAt));
    const instalments = rows.length === 0 ? [] : await db.select().from(contractInstalments).orderBy(asc(contractInstalments.position));
    return {
      training_contracts: rows.map(({ contract: c, title }) => ({
        course_id: c.courseId,
        course_title: title,
        price_cents: c.priceCents,
        full_name: c.fullName,
        signed_at: iso(c.signedAt),
        document_sha256: c.documentSha256,
        user_agent: c.userAgent,
        withdrawal_until: c.withdrawalUntil,
        waiver: c.waiver,
        withdrawn_at: iso(c.withdrawnAt),
        // Stripe driver (decision 054): the customer kept at Stripe and whether a card is saved there.
        stripe_customer_id: c.stripeCustomerId,
        card_saved: c.stripePaymentMethodId !== null,
        document: c.documentText,
        schedule: instalments.filter((i) => i.contractId === c.id).map((i) => ({ label: i.label, amount_cents: i.amountCents, due_on: i.dueOn, due_progress: i.dueProgress, status: i.status, paid_at: iso(i.paidAt) })),
      })),
    };
  },
  invoicePaid: markInstalmentPaid,
  jobs: [
    {
      name: 'factures des échéances dues des contrats de formation (une fois par jour)',
      async run({ db, config, log, now }) {
        const count = await invoiceDueInstalments(db, now);
        if (count > 0) log.info(`${count} échéance(s) de contrat facturée(s)`);
        // Stripe driver (decision 054): each invoiced instalment is charged off session with the saved card.
        if (config.stripe) {
          const charged = await chargeInvoicedInstalments(db, config.stripe, now, log);
          if (charged > 0) log.info(`${charged} échéance(s) prélevée(s) par carte`);
        }
      },
    },
  ],
};
