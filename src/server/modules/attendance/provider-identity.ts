// TEMPORARY until the provider module lands on main (then: re-export from '../provider').
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';

export interface ProviderIdentity {
  legalName: string;
  siret: string;
  nda: string;
  address: string;
  postalCode: string;
  city: string;
  legalRepresentative: string;
  complaintsContact: string;
  disabilityReferent: string;
  vatRegime: 'exempt_261_4_4' | 'franchise_293b' | 'standard';
  signature: { data: Buffer; mimeType: 'image/png' | 'image/jpeg' };
}

export async function providerIdentity(_deps: { db: Executor; storage: Storage }): Promise<ProviderIdentity> {
  throw new AppError('invalid_transition', 409, 'Paramètres de l’organisme de formation manquants.');
}
