import { asc, eq } from 'drizzle-orm';
import { quotes } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { quotesRoutes } from './quotes.routes';

export { conventionMentions } from './convention';

/**
 * Quotes and conventions de formation (issue 29, decision 052): an organisation asks a quote for
 * seats, accepts it, and gets the convention, the invoice (module invoices) and the seats (module
 * organisations) in one transaction.
 */
export const quotesModule: ModuleManifest = {
  name: 'quotes',
  routes: [quotesRoutes],
  // The quotes stay when the organisation's account goes (its identity is copied into them, as on the invoice).
  personalData: [{ column: quotes.organisationId, exportedAs: 'quotes', onAccountDeletion: 'set null' }],
  async exportSections(db, user) {
    const rows = await db.select().from(quotes).where(eq(quotes.organisationId, user.id)).orderBy(asc(quotes.createdAt));
    return {
      quotes: rows.map((q) => ({
        number: q.number,
        course_title: q.courseTitle,
        seats: q.seats,
        total_cents: q.totalCents,
        created_at: iso(q.createdAt),
        valid_until: iso(q.validUntil),
        accepted_at: iso(q.acceptedAt),
        convention_number: q.convention?.number ?? null,
        invoice_number: q.invoiceNumber,
      })),
    };
  },
};
