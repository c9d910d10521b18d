import { and, eq, ne } from 'drizzle-orm';
import { organisationMessages, type OrganisationDetails, type Sector, type SizeBand } from '../../../shared/organisations';
import { normalizeSearch } from '../../../shared/text';
import type { Executor } from '../../db/client';
import { organisations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { databaseErrorFields, isUniqueViolation } from '../../lib/db-errors';

/**
 * An organisation's details as signup (auth module) and the profile (profile module) write them,
 * and as the organisations module and the administration read them (decision 025).
 */

/** The organisation fields of a validated signup or profile body. */
export interface OrganisationInput {
  organisation_name: string;
  siret: string;
  sector: Sector;
  size_band: SizeBand;
  address: string;
  postal_code: string;
  city: string;
  /** Empty: the account's login e-mail. */
  contact_email?: string | undefined;
}

/** 409 `siret_taken`, with the field's message. */
export function siretTaken(): AppError {
  return new AppError('siret_taken', 409, organisationMessages.siretTaken, { siret: [organisationMessages.siretTaken] });
}

/** Refuses a SIRET another organisation holds, before any costly work (the unique index still decides races). */
export async function assertSiretFree(db: Executor, siret: string, exceptUserId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: organisations.userId })
    .from(organisations)
    .where(exceptUserId === undefined ? eq(organisations.siret, siret) : and(eq(organisations.siret, siret), ne(organisations.userId, exceptUserId)))
    .limit(1);
  if (taken) throw siretTaken();
}

/** A unique violation on the SIRET, told apart from the e-mail's. */
export function isSiretViolation(error: unknown): boolean {
  return isUniqueViolation(error) && databaseErrorFields(error)?.constraint === 'organisations_siret_unique';
}

/** The row's columns for this input. */
export function organisationValues(input: OrganisationInput, loginEmail: string) {
  const contactEmail = input.contact_email || loginEmail;
  return {
    name: input.organisation_name,
    siret: input.siret,
    sector: input.sector,
    sizeBand: input.size_band,
    address: input.address,
    postalCode: input.postal_code,
    city: input.city,
    contactEmail,
    searchText: normalizeSearch(`${input.organisation_name} ${input.siret} ${input.city} ${contactEmail}`),
  };
}

/** Creates or replaces the organisation of an account. */
export async function saveOrganisation(tx: Executor, userId: number, input: OrganisationInput, loginEmail: string): Promise<void> {
  const values = organisationValues(input, loginEmail);
  await tx
    .insert(organisations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: organisations.userId, set: { ...values, updatedAt: new Date() } });
}

export function toOrganisationDetails(row: typeof organisations.$inferSelect): OrganisationDetails {
  return {
    organisation_name: row.name,
    siret: row.siret,
    sector: row.sector,
    size_band: row.sizeBand,
    address: row.address,
    postal_code: row.postalCode,
    city: row.city,
    contact_email: row.contactEmail,
  };
}

export async function findOrganisationDetails(db: Executor, userId: number): Promise<OrganisationDetails | null> {
  const [row] = await db.select().from(organisations).where(eq(organisations.userId, userId)).limit(1);
  return row ? toOrganisationDetails(row) : null;
}
