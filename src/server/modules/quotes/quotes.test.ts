import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  QUOTE_MAX_SEATS,
  QUOTE_VALIDITY_DAYS,
  quoteAmounts,
  quoteMessages,
  quoteStatus,
  quoteValidUntil,
  type AdminQuotesResponse,
  type ConventionFacts,
  type Quote,
  type QuoteAcceptance,
  type QuoteList,
} from '../../../shared/quotes';
import { organisationSeats, quotes } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, insertCourse, insertLesson, insertMembership, insertSection, setProviderSettings } from '../../test/factories';
import { pdfText } from '../../test/pdf';
import { conventionMentions, vatMention } from './convention';
import { requestQuote } from './quotes.service';

const { app, db, storage } = await createTestApp();
await setProviderSettings({ db, storage });

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
const admin = await createUser(db, { role: 'admin' });
const member = await createUser(db, { role: 'membre' });

async function call(method: 'GET' | 'POST', url: string, user: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** A published course at 120 € (two chapters), with objectives. */
async function paidCourse(overrides: Parameters<typeof insertCourse>[2] = {}) {
  const course = await insertCourse(db, author.id, { status: 'published', title: 'Bilan carbone en entreprise', priceCents: 12_000, discountPriceCents: null, duration: '3 mois', objectives: ['Mesurer ses émissions', 'Bâtir un plan de réduction'], ...overrides });
  const first = await insertSection(db, course.id, { title: 'Comprendre', position: 1 });
  await insertLesson(db, first.id, { title: 'Les trois scopes', durationMinutes: 30, position: 1 });
  const second = await insertSection(db, course.id, { title: 'Agir', position: 2 });
  await insertLesson(db, second.id, { title: 'Le plan de transition', durationMinutes: 45, position: 1 });
  return course;
}

function facts(overrides: Partial<ConventionFacts> = {}): ConventionFacts {
  return {
    number: 'CF-2026-000007',
    quoteNumber: 'DEV-2026-000007',
    provider: { legalName: 'EcoForma SAS', siret: '90123456700013', nda: '11755555575', address: '1 rue du Test', postalCode: '75001', city: 'Paris', legalRepresentative: 'Alex Test', vatRegime: 'exempt_261_4_4' },
    buyer: { name: 'Asso Verte', siret: '12345678901234', address: '3 rue des Lilas', postalCode: '69003', city: 'Lyon', representative: 'Olga Matrice', email: 'olga@exemple.fr' },
    course: {
      title: 'Bilan carbone en entreprise',
      objectives: ['Mesurer ses émissions'],
      programme: [{ title: 'Comprendre', items: ['Les trois scopes'] }],
      duration: '3 mois',
      estimatedMinutes: 75,
      targetAudience: 'Salariés',
      prerequisites: '',
      assessmentMethods: 'Quiz final',
      trainer: 'Claire Formatrice',
    },
    seats: 3,
    unitCents: 12_000,
    totalCents: 36_000,
    periodFrom: '2026-03-10',
    periodTo: '2027-03-10',
    invoiceNumber: '2026-000042',
    dueOn: '2026-04-09',
    acceptedAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

const allText = (m: ReturnType<typeof conventionMentions>) => [m.title, m.number, m.legalBasis, ...m.provider, ...m.buyer, ...m.articles.flatMap((a) => [a.heading, ...a.lines]), m.signedAt, m.buyerSignature, m.providerSignatory].join('\n').replaceAll('\u202f', ' ').replaceAll('\u00a0', ' ');

describe('conventionMentions (L6353-1, D6353-1)', () => {
  it('names both parties, the provider with its declaration number, the organisation with its SIRET', () => {
    const text = allText(conventionMentions(facts()));
    expect(text).toContain('EcoForma SAS, 1 rue du Test, 75001 Paris');
    expect(text).toContain('Déclaration d’activité enregistrée sous le numéro 11755555575');
    expect(text).toContain('Asso Verte, 3 rue des Lilas, 69003 Lyon');
    expect(text).toContain('SIRET 12345678901234');
    expect(text).toContain('Articles L6353-1 et D6353-1 du Code du travail');
  });

  it('states the title, the nature of the action, objectives, programme, duration, period, modalities, trainees, price and payment terms', () => {
    const text = allText(conventionMentions(facts()));
    for (const expected of [
      'l’action « Bilan carbone en entreprise »',
      'action de formation au sens de l’article L6313-1, 1° du Code du travail',
      '– Mesurer ses émissions',
      'Comprendre',
      '– Les trois scopes',
      'Durée : 1 h 15 min d’activités (durées estimées des leçons et évaluations), à suivre sur 3 mois.',
      'Période de réalisation : du 10 mars 2026 au 10 mars 2027',
      'Formation à distance',
      'Nombre de stagiaires : 3 stagiaires',
      '3 × 120,00 € = 360,00 € HT',
      'Exonération de TVA, art. 261-4-4° a du CGI',
      'Facture 2026-000042, payable par virement au plus tard le 9 avril 2026',
      'Pour l’organisme de formation : Alex Test, représentant légal de EcoForma SAS',
      'Olga Matrice, Asso Verte',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('follows the facts: one trainee, a franchise provider, no objectives, a standard VAT rate', () => {
    const one = allText(conventionMentions(facts({ seats: 1, totalCents: 12_000, provider: { ...facts().provider, vatRegime: 'franchise_293b' }, course: { ...facts().course, objectives: [] } })));
    expect(one).toContain('Nombre de stagiaires : 1 stagiaire,');
    expect(one).toContain('TVA non applicable, art. 293 B du CGI');
    expect(one).not.toContain('261-4-4');
    expect(one).toContain('Les objectifs figurent au programme de la formation.');
    expect(vatMention('standard', 10_000).dueCents).toBe(12_000);
    expect(vatMention('exempt_261_4_4', 10_000).dueCents).toBe(10_000);
  });
});

describe('quote rules', () => {
  const t0 = new Date('2026-03-10T09:00:00Z');
  it('holds a quote for 30 days, then it expires; an accepted one stays accepted', () => {
    const validUntil = quoteValidUntil(t0);
    expect(validUntil.getTime() - t0.getTime()).toBe(QUOTE_VALIDITY_DAYS * 86_400_000);
    expect(quoteStatus({ acceptedAt: null, validUntil }, validUntil)).toBe('pending');
    expect(quoteStatus({ acceptedAt: null, validUntil }, new Date(validUntil.getTime() + 1))).toBe('expired');
    expect(quoteStatus({ acceptedAt: t0, validUntil }, new Date(validUntil.getTime() + 86_400_000))).toBe('accepted');
  });
  it('prices seats at the course’s current price, its discount when lower', () => {
    expect(quoteAmounts({ priceCents: 12_000, discountPriceCents: null }, 3)).toEqual({ unitCents: 12_000, totalCents: 36_000 });
    expect(quoteAmounts({ priceCents: 12_000, discountPriceCents: 9_000 }, 2)).toEqual({ unitCents: 9_000, totalCents: 18_000 });
    expect(quoteAmounts({ priceCents: 12_000, discountPriceCents: 15_000 }, 1)).toEqual({ unitCents: 12_000, totalCents: 12_000 });
  });
  it('refuses 0, a fraction or more than the maximum of seats', () => {
    expect(() => quoteAmounts({ priceCents: 100, discountPriceCents: null }, 0)).toThrow(quoteMessages.seatsInvalid);
    expect(() => quoteAmounts({ priceCents: 100, discountPriceCents: null }, 1.5)).toThrow(quoteMessages.seatsInvalid);
    expect(() => quoteAmounts({ priceCents: 100, discountPriceCents: null }, QUOTE_MAX_SEATS + 1)).toThrow(quoteMessages.seatsInvalid);
    expect(quoteAmounts({ priceCents: 100, discountPriceCents: null }, QUOTE_MAX_SEATS).totalCents).toBe(100 * QUOTE_MAX_SEATS);
  });
});

describe('POST /api/organisation/quotes', () => {
  it('makes a numbered quote at the course’s price, valid 30 days, listed for the organisation', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    const res = await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 3 });
    expect(res.statusCode).toBe(201);
    const quote = res.json<Quote>();
    expect(quote).toMatchObject({ status: 'pending', seats: 3, unit_price_cents: 12_000, total_cents: 36_000, course: { id: course.id, title: course.title }, organisation: { id: organisation.id, name: organisation.organisationName }, accepted_at: null, invoice: null });
    expect(quote.number).toMatch(/^DEV-\d{4}-\d{6}$/);
    expect(new Date(quote.valid_until).getTime() - new Date(quote.created_at).getTime()).toBe(30 * 86_400_000);
    const list = (await call('GET', '/api/organisation/quotes', organisation)).json<QuoteList>();
    expect(list.items.map((q) => q.id)).toEqual([quote.id]);
    // Another organisation sees none of it.
    const other = await createOrganisation(db);
    expect((await call('GET', '/api/organisation/quotes', other)).json<QuoteList>().items).toEqual([]);
  });

  it('refuses a bad number of seats with a French message, and writes nothing', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    for (const seats of [0, -2, 1.5, QUOTE_MAX_SEATS + 1, '3']) {
      const res = await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.seats).toEqual([quoteMessages.seatsInvalid]);
    }
    expect(await db.select().from(quotes).where(eq(quotes.organisationId, organisation.id))).toEqual([]);
  });

  it('refuses a draft or missing course (404)', async () => {
    const organisation = await createOrganisation(db);
    const draft = await insertCourse(db, author.id, { status: 'draft', priceCents: 5_000 });
    expect((await call('POST', '/api/organisation/quotes', organisation, { course_id: draft.id, seats: 1 })).json()).toMatchObject({ error_code: 'not_found', message: quoteMessages.courseNotFound });
    expect((await call('POST', '/api/organisation/quotes', organisation, { course_id: 999_999, seats: 1 })).statusCode).toBe(404);
  });

  it('is for organisation accounts only', async () => {
    const course = await paidCourse();
    expect((await call('POST', '/api/organisation/quotes', null, { course_id: course.id, seats: 1 })).statusCode).toBe(401);
    expect((await call('POST', '/api/organisation/quotes', member, { course_id: course.id, seats: 1 })).statusCode).toBe(403);
    expect((await call('POST', '/api/organisation/quotes', admin, { course_id: course.id, seats: 1 })).statusCode).toBe(403);
  });
});

describe('GET /api/quotes/{id}/pdf', () => {
  it('says the number, the parties, the seats, the price and the VAT mention, and the validity', async () => {
    const organisation = await createOrganisation(db, { name: 'Coopérative du Rhône' });
    const course = await paidCourse();
    const quote = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 2 })).json<Quote>();
    const res = await call('GET', `/api/quotes/${quote.id}/pdf`, organisation);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload).replaceAll('\u202f', ' ').replaceAll('\u00a0', ' ');
    expect(text).toContain(`Devis ${quote.number}`);
    expect(text).toContain('Coopérative du Rhône');
    expect(text).toContain('Déclaration d’activité enregistrée sous le numéro');
    expect(text).toContain('2 places de stagiaire × 120,00 € HT = 240,00 € HT');
    expect(text).toContain('Exonération de TVA, art. 261-4-4° a du CGI');
    expect(text).toContain('Valable jusqu’au');
  });

  it('is the organisation’s and the administrators’: 404 for another organisation, 403 before the guard lets a visitor in', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    const quote = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 1 })).json<Quote>();
    expect((await call('GET', `/api/quotes/${quote.id}/pdf`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/quotes/${quote.id}/pdf`, await createOrganisation(db))).statusCode).toBe(404);
    expect((await call('GET', `/api/quotes/${quote.id}/pdf`, member)).statusCode).toBe(404);
    expect((await call('GET', `/api/quotes/${quote.id}/pdf`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/quotes/${quote.id}/convention.pdf`, organisation)).json()).toMatchObject({ error_code: 'invalid_transition', message: quoteMessages.notAccepted });
  });
});

describe('POST /api/quotes/{id}/accept', () => {
  it('accepts once: the convention, the invoice and the seats, then a member can be enrolled on them', async () => {
    const organisation = await createOrganisation(db, { name: 'Mairie de Villeurbanne' });
    const course = await paidCourse();
    const quote = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 3 })).json<Quote>();
    const res = await call('POST', `/api/quotes/${quote.id}/accept`, organisation);
    expect(res.statusCode).toBe(200);
    const accepted = res.json<QuoteAcceptance>();
    expect(accepted.quote).toMatchObject({ id: quote.id, status: 'accepted' });
    expect(accepted.quote.convention_number).toMatch(/^CF-\d{4}-\d{6}$/);
    expect(accepted.quote.invoice?.number).toBeTruthy();
    expect(accepted.seats).toEqual({ course_id: course.id, seats: 3, used: 0 });

    const convention = await call('GET', `/api/quotes/${quote.id}/convention.pdf`, organisation);
    expect(convention.statusCode).toBe(200);
    const text = pdfText(convention.rawPayload).replaceAll('\u202f', ' ').replaceAll('\u00a0', ' ');
    for (const expected of ['Convention de formation professionnelle', 'Articles L6353-1 et D6353-1 du Code du travail', 'Mairie de Villeurbanne', 'Bilan carbone en entreprise', 'L6313-1', 'Mesurer ses émissions', 'Les trois scopes', 'Durée : 1 h 15 min d’activités', 'à suivre sur 3 mois', 'Période de réalisation', 'Formation à distance', 'Nombre de stagiaires : 3 stagiaires', '3 × 120,00 € = 360,00 € HT', accepted.quote.invoice!.number, 'représentant légal']) {
      expect(text).toContain(expected);
    }

    // Twice: 409, and nothing more is granted.
    const again = await call('POST', `/api/quotes/${quote.id}/accept`, organisation);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(quoteMessages.alreadyAccepted);
    const [pool] = await db.select().from(organisationSeats).where(eq(organisationSeats.organisationId, organisation.id));
    expect(pool).toMatchObject({ seats: 3, used: 0 });

    // The seats are real: a consenting member is enrolled on one.
    const learner = await createUser(db, { role: 'membre' });
    const membership = await insertMembership(db, organisation.id, learner);
    const enrol = await call('POST', '/api/organisation/enrolments', organisation, { course_id: course.id, member_ids: [membership.id] });
    expect(enrol.statusCode).toBe(200);
    const [after] = await db.select().from(organisationSeats).where(eq(organisationSeats.organisationId, organisation.id));
    expect(after).toMatchObject({ seats: 3, used: 1 });
  });

  it('adds to the seats the organisation already has', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    for (const seats of [2, 5]) {
      const quote = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats })).json<Quote>();
      expect((await call('POST', `/api/quotes/${quote.id}/accept`, organisation)).statusCode).toBe(200);
    }
    const [pool] = await db.select().from(organisationSeats).where(eq(organisationSeats.organisationId, organisation.id));
    expect(pool!.seats).toBe(7);
  });

  it('refuses an expired quote with 409 and changes nothing', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    const old = await requestQuote(db, organisation.id, { course_id: course.id, seats: 2 }, new Date(Date.now() - (QUOTE_VALIDITY_DAYS + 1) * 86_400_000));
    expect(old.status).toBe('pending');
    const res = await call('POST', `/api/quotes/${old.id}/accept`, organisation);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(quoteMessages.expired);
    expect((await call('GET', '/api/organisation/quotes', organisation)).json<QuoteList>().items[0]!.status).toBe('expired');
    expect(await db.select().from(organisationSeats).where(eq(organisationSeats.organisationId, organisation.id))).toEqual([]);
    const [row] = await db.select().from(quotes).where(eq(quotes.id, old.id));
    expect(row).toMatchObject({ acceptedAt: null, convention: null, invoiceId: null });
  });

  it('answers 404 for another organisation’s quote, 403 for others, and changes nothing', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    const quote = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 1 })).json<Quote>();
    const res = await call('POST', `/api/quotes/${quote.id}/accept`, await createOrganisation(db));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(quoteMessages.quoteNotFound);
    expect((await call('POST', `/api/quotes/${quote.id}/accept`, admin)).statusCode).toBe(403);
    expect((await call('POST', `/api/quotes/${quote.id}/accept`, member)).statusCode).toBe(403);
    expect((await call('POST', `/api/quotes/999999/accept`, organisation)).statusCode).toBe(404);
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.acceptedAt).toBeNull();
  });

  it('refuses while the provider settings are incomplete (409), with nothing written', async () => {
    const organisation = await createOrganisation(db);
    const course = await paidCourse();
    const quote = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 1 })).json<Quote>();
    await setProviderSettings({ db, storage }, { nda: null });
    try {
      const res = await call('POST', `/api/quotes/${quote.id}/accept`, organisation);
      expect(res.statusCode).toBe(409);
      expect(res.json().error_code).toBe('provider_settings_missing');
    } finally {
      await setProviderSettings({ db, storage });
    }
    expect(await db.select().from(organisationSeats).where(eq(organisationSeats.organisationId, organisation.id))).toEqual([]);
  });
});

describe('GET /api/admin/quotes', () => {
  it('lists every quote for administrators, searched and filtered by status', async () => {
    const organisation = await createOrganisation(db, { name: 'Régie des Eaux Admin' });
    const course = await paidCourse({ title: 'Sobriété hydrique' });
    const pending = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 1 })).json<Quote>();
    const accepted = (await call('POST', '/api/organisation/quotes', organisation, { course_id: course.id, seats: 2 })).json<Quote>();
    await call('POST', `/api/quotes/${accepted.id}/accept`, organisation);
    const all = (await call('GET', '/api/admin/quotes?q=R%C3%A9gie%20des%20Eaux', admin)).json<AdminQuotesResponse>();
    expect(all.items.map((q) => q.id)).toEqual([accepted.id, pending.id]);
    expect(all.total).toBe(2);
    const onlyAccepted = (await call('GET', '/api/admin/quotes?q=Sobri%C3%A9t%C3%A9&status=accepted', admin)).json<AdminQuotesResponse>();
    expect(onlyAccepted.items.map((q) => q.id)).toEqual([accepted.id]);
    expect((await call('GET', '/api/admin/quotes?status=nope', admin)).statusCode).toBe(422);
    expect((await call('GET', '/api/admin/quotes', await createOrganisation(db))).statusCode).toBe(403);
  });
});
