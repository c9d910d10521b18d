import { asc, eq } from 'drizzle-orm';
import { certificates } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { certificateEvidence } from './certificate-evidence';
import { certificatesRoutes } from './certificates.routes';

export { issueCertificates } from './certificate-issue';
export { ownCertificatePdfs } from './certificates.service';

export const certificatesModule: ModuleManifest = {
  name: 'certificates',
  evidence: certificateEvidence,
  routes: [certificatesRoutes],
  personalData: [
    // Evidence of a training given: the attestation keeps its snapshot (the name it prints, needed to verify it).
    { column: certificates.userId, exportedAs: 'certificates', onAccountDeletion: 'set null' },
    { column: certificates.revokedById, exportedAs: { notExported: "l'administrateur qui a révoqué l'attestation d'une autre personne" }, onAccountDeletion: 'set null' },
  ],
  async exportSections(db, user) {
    const issued = await db.select().from(certificates).where(eq(certificates.userId, user.id)).orderBy(asc(certificates.issuedAt));
    return {
      certificates: issued.map((c) => ({
        number: c.number,
        verification_code: c.code,
        issued_at: iso(c.issuedAt),
        revoked_at: iso(c.revokedAt),
        revoked_reason: c.revokedReason,
        content: c.snapshot,
      })),
    };
  },
};
