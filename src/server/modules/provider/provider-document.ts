import type { ProviderIdentity } from './provider.service';

/**
 * What every document says of its provider: name, address, SIRET and the declaration number with
 * the sentence Code du travail L6352-12 requires wherever that number is printed.
 */
export function providerLegalLines(provider: ProviderIdentity): string[] {
  return [
    provider.legalName,
    `${provider.address}, ${provider.postalCode} ${provider.city}`,
    `SIRET ${provider.siret}`,
    `Déclaration d’activité enregistrée sous le numéro ${provider.nda} auprès du préfet de région. Cet enregistrement ne vaut pas agrément de l’État.`,
  ];
}

/** The representative's name and signature image at the current position of a pdfkit document. */
export function drawProviderSignature(doc: PDFKit.PDFDocument, provider: ProviderIdentity, { x, width = 160 }: { x?: number; width?: number } = {}): void {
  const left = x ?? doc.x;
  doc.font('Helvetica').fontSize(10).fillColor('#000000').text(`Pour ${provider.legalName}, ${provider.legalRepresentative}, représentant légal`, left, doc.y, { width: 260 });
  doc.image(provider.signature.data, left, doc.y + 4, { fit: [width, 60] });
  doc.y += 68;
  doc.x = left;
}
