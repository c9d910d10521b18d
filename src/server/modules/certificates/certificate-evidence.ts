import { and, eq } from 'drizzle-orm';
import { formatDay } from '../../../shared/french-format';
import { certificates } from '../../db/schema';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';
import { providerIdentity } from '../provider';
import { renderCertificatePdf } from './certificate-pdf';
import { verificationUrl } from './certificates.service';

/** The attestation de fin de formation of the enrolment, as its holder downloads it; a revoked one is named with its revocation instead. */
export async function certificateEvidence({ db, storage, config, enrolment }: EvidenceContext): Promise<EvidenceEntry[]> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, enrolment.userId), eq(certificates.courseId, enrolment.courseId)));
  if (!row) return [];
  if (row.revokedAt) {
    const text = `Attestation n° ${row.number}, délivrée le ${formatDay(row.issuedAt)}, révoquée le ${formatDay(row.revokedAt)} : ${row.revokedReason ?? ''}\r\n`;
    return [{ path: 'attestation-revoquee.txt', data: text, retained: true }];
  }
  const pdf = await renderCertificatePdf({
    provider: await providerIdentity({ db, storage }),
    number: row.number,
    issuedAt: row.issuedAt,
    snapshot: row.snapshot,
    verificationUrl: verificationUrl(config.publicUrl, row.code),
  });
  return [{ path: `attestation-${row.number}.pdf`, data: pdf, retained: true }];
}
