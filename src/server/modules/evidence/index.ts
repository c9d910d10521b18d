import type { ModuleManifest } from '../../lib/module-manifest';
import { evidenceRoutes } from './evidence.routes';
import { archiveEvidence, purgeExpiredEvidence } from './evidence.service';

/**
 * The evidence files of training (issue 27, decision 048): gathered from every module's
 * `evidence` hook; the legal proofs of a deleted account archived until the end of their retention.
 */
export const evidenceModule: ModuleManifest = {
  name: 'evidence',
  routes: [evidenceRoutes],
  eraseAccount: (tx, account) => archiveEvidence(tx, account),
  jobs: [
    {
      name: 'suppression des preuves archivées dont la durée de conservation est écoulée',
      async run({ db, log }) {
        const purged = await purgeExpiredEvidence(db);
        if (purged > 0) log.info(`${purged} dossier(s) de preuves archivé(s) supprimé(s) au terme de leur conservation`);
      },
    },
  ],
};
