import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { parisDay } from '../../../shared/paris-days';
import {
  CONVENTION_PERIOD_DAYS,
  conventionNumber,
  QUOTE_PAYMENT_DAYS,
  quoteAmounts,
  quoteMessages,
  quoteNumber,
  quoteStatus,
  quoteValidUntil,
  type AdminQuotesQuery,
  type AdminQuotesResponse,
  type ConventionFacts,
  type Quote,
  type QuoteAcceptance,
  type QuoteList,
  type QuoteRequestBody,
} from '../../../shared/quotes';
import { isAdmin } from '../../../shared/roles';
import { escapeLike } from '../../../shared/text';
import type { Db, Executor } from '../../db/client';
import { courses, courseSections, lessons, organisations, quotes, users, type QuoteRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/sessions';
import type { Storage } from '../../lib/storage';
import { issueInvoice } from '../invoices';
import { addSeats, requireOrganisation } from '../organisations';
import { providerIdentity } from '../provider';

/**
 * Quotes and conventions (issue 29, decision 052). The rules every function below keeps:
 * - an organisation reads and accepts only its own quotes (another's answers 404, as a missing one);
 * - the price is the course's at the time of the quote, held until `valid_until`;
 * - accepting is one transaction on the locked quote: the convention's facts, the invoice, the seats,
 *   or nothing at all.
 */

const DAY_MS = 86_400_000;

function toQuote(row: QuoteRow, now: Date): Quote {
  return {
    id: row.id,
    number: row.number,
    status: quoteStatus(row, now),
    organisation: { id: row.organisationId, name: row.buyer.name },
    course: { id: row.courseId, title: row.courseTitle },
    seats: row.seats,
    unit_price_cents: row.unitPriceCents,
    total_cents: row.totalCents,
    created_at: row.createdAt.toISOString(),
    valid_until: row.validUntil.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    convention_number: row.convention?.number ?? null,
    invoice: row.invoiceId !== null && row.invoiceNumber !== null ? { id: row.invoiceId, number: row.invoiceNumber } : null,
  };
}

/** `POST /api/organisation/quotes`: a quote for seats on a published, paid course, at its current price. */
export async function requestQuote(db: Db, userId: number, body: QuoteRequestBody, now: Date = new Date()): Promise<Quote> {
  const organisation = await requireOrganisation(db, userId);
  const [course] = await db
    .select({ id: courses.id, title: courses.title, priceCents: courses.priceCents, discountPriceCents: courses.discountPriceCents })
    .from(courses)
    .where(and(eq(courses.id, body.course_id), eq(courses.status, 'published')));
  if (!course) throw AppError.notFound(quoteMessages.courseNotFound);
  if (course.priceCents <= 0) throw AppError.invalidTransition(quoteMessages.courseFree);
  const { unitCents, totalCents } = quoteAmounts(course, body.seats);
  const [buyer] = await db
    .select({ name: organisations.name, siret: organisations.siret, address: organisations.address, postalCode: organisations.postalCode, city: organisations.city, email: organisations.contactEmail, firstname: users.firstname, lastname: users.lastname })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .where(eq(organisations.userId, organisation.id));
  const { firstname, lastname, ...identity } = buyer!;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quotes)
      .values({
        organisationId: organisation.id,
        buyer: { ...identity, representative: `${firstname} ${lastname}`.trim() },
        courseId: course.id,
        courseTitle: course.title,
        seats: body.seats,
        unitPriceCents: unitCents,
        totalCents,
        createdAt: now,
        validUntil: quoteValidUntil(now),
      })
      .returning();
    const [numbered] = await tx.update(quotes).set({ number: quoteNumber(row!.id, now) }).where(eq(quotes.id, row!.id)).returning();
    return toQuote(numbered!, now);
  });
}

/** `GET /api/organisation/quotes`: the organisation's quotes, newest first. */
export async function listOrganisationQuotes(db: Executor, userId: number, now: Date = new Date()): Promise<QuoteList> {
  const organisation = await requireOrganisation(db, userId);
  const rows = await db.select().from(quotes).where(eq(quotes.organisationId, organisation.id)).orderBy(desc(quotes.createdAt), desc(quotes.id));
  return { items: rows.map((row) => toQuote(row, now)) };
}

/** `GET /api/admin/quotes`: every quote, searched by number, organisation or course, filtered by status. */
export async function listAdminQuotes(db: Executor, query: AdminQuotesQuery, now: Date = new Date()): Promise<AdminQuotesResponse> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(quotes.number, pattern), ilike(quotes.courseTitle, pattern), sql`${quotes.buyer}->>'name' ilike ${pattern}`)!);
  }
  if (query.status === 'accepted') conditions.push(isNotNull(quotes.acceptedAt));
  if (query.status === 'pending') conditions.push(and(isNull(quotes.acceptedAt), sql`${quotes.validUntil} >= ${now}`)!);
  if (query.status === 'expired') conditions.push(and(isNull(quotes.acceptedAt), sql`${quotes.validUntil} < ${now}`)!);
  const rows = await db
    .select({ quote: quotes, total: sql<number>`(count(*) over ())::int` })
    .from(quotes)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.map((r) => toQuote(r.quote, now)), total: rows[0] ? Number(rows[0].total) : 0, page: query.page, pageSize: query.pageSize };
}

/** A quote the caller may read: its organisation's account, or an administrator; 404 for anyone else, as for a missing one. */
export async function readableQuote(db: Executor, user: AuthUser, id: number): Promise<QuoteRow> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row || (!isAdmin(user) && row.organisationId !== user.id)) throw AppError.notFound(quoteMessages.quoteNotFound);
  return row;
}

/** The course's title, objectives, programme and the rest the convention states, as they stand at acceptance. */
async function courseFacts(db: Executor, courseId: number): Promise<ConventionFacts['course'] | null> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const outline = await db
    .select({ sectionId: courseSections.id, section: courseSections.title, lesson: lessons.title, minutes: lessons.durationMinutes })
    .from(courseSections)
    .leftJoin(lessons, eq(lessons.sectionId, courseSections.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(lessons.position));
  const programme: ConventionFacts['course']['programme'] = [];
  let current: number | null = null;
  for (const row of outline) {
    if (row.sectionId !== current) {
      current = row.sectionId;
      programme.push({ title: row.section, items: [] });
    }
    if (row.lesson) programme.at(-1)!.items.push(row.lesson);
  }
  return {
    title: course.title,
    objectives: course.objectives,
    programme,
    duration: course.duration,
    estimatedMinutes: outline.reduce((sum, row) => sum + (row.minutes ?? 0), 0),
    targetAudience: course.targetAudience,
    prerequisites: course.prerequisites,
    assessmentMethods: course.assessmentMethods,
    trainer: course.authorName,
  };
}

/**
 * `POST /api/quotes/{id}/accept` by the organisation's account, in one transaction on the locked
 * quote: 404 for another's, 409 when already accepted or expired; then the convention's facts, the
 * invoice to the organisation (source quote), and the seats added to its pool.
 */
export async function acceptQuote(deps: { db: Db; storage: Storage }, userId: number, id: number, now: Date = new Date()): Promise<QuoteAcceptance> {
  const { db } = deps;
  // The provider's identity first: a convention cannot be made without it (409 provider_settings_missing).
  const provider = await providerIdentity(deps);
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!quote || quote.organisationId !== userId) throw AppError.notFound(quoteMessages.quoteNotFound);
    const status = quoteStatus(quote, now);
    if (status === 'accepted') throw AppError.invalidTransition(quoteMessages.alreadyAccepted);
    if (status === 'expired') throw AppError.invalidTransition(quoteMessages.expired);
    const course = quote.courseId === null ? null : await courseFacts(tx, quote.courseId);
    if (!course || quote.courseId === null) throw AppError.invalidTransition(quoteMessages.courseNotFound);
    const dueOn = parisDay(new Date(now.getTime() + QUOTE_PAYMENT_DAYS * DAY_MS));
    const invoice = await issueInvoice(tx, {
      buyer: { kind: 'organisation', organisationId: userId },
      lines: [{ label: `Formation « ${quote.courseTitle} » – place de stagiaire (convention ${conventionNumber(quote.id, now)})`, quantity: quote.seats, unitAmountCents: quote.unitPriceCents }],
      courseId: quote.courseId,
      enrolmentId: null,
      source: { kind: 'quote', id: quote.id },
      issuedAt: now,
      dueOn,
    });
    const convention: ConventionFacts = {
      number: conventionNumber(quote.id, now),
      quoteNumber: quote.number,
      provider: {
        legalName: provider.legalName,
        siret: provider.siret,
        nda: provider.nda,
        address: provider.address,
        postalCode: provider.postalCode,
        city: provider.city,
        legalRepresentative: provider.legalRepresentative,
        vatRegime: provider.vatRegime,
      },
      buyer: quote.buyer,
      course,
      seats: quote.seats,
      unitCents: quote.unitPriceCents,
      totalCents: quote.totalCents,
      periodFrom: parisDay(now),
      periodTo: parisDay(new Date(now.getTime() + CONVENTION_PERIOD_DAYS * DAY_MS)),
      invoiceNumber: invoice.number,
      dueOn,
      acceptedAt: now.toISOString(),
    };
    const [accepted] = await tx
      .update(quotes)
      .set({ acceptedAt: now, convention, invoiceId: invoice.id, invoiceNumber: invoice.number })
      .where(eq(quotes.id, quote.id))
      .returning();
    const seats = await addSeats(tx, userId, { id: quote.courseId, title: quote.courseTitle }, quote.seats);
    return { quote: toQuote(accepted!, now), seats };
  });
}
