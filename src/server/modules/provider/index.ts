import { providerSettings } from '../../db/schema';
import type { ModuleManifest } from '../../lib/module-manifest';
import { providerRoutes } from './provider.routes';
import { seedDemoProvider } from './provider.service';

export { drawProviderSignature, providerLegalLines } from './provider-document';
export { followUpSettings, providerIdentity, sellerIdentity, sellingSettings, type FollowUpSettings, type ProviderIdentity, type SellingSettings } from './provider.service';

/** The training provider's identity and follow-up delays, named by every document (issue 27). */
export const providerModule: ModuleManifest = {
  name: 'provider',
  routes: [providerRoutes],
  storedFiles: [providerSettings.signaturePath],
  async prepare({ db, storage, config }) {
    if (config.seedDemo) await seedDemoProvider(db, storage);
  },
};
