import { formatDateTime } from '../../../shared/french-format';
import { renderPdf } from '../../lib/pdf';
import { drawProviderSignature, providerLegalLines, type ProviderIdentity } from '../provider';

export interface ContractPdfInput {
  title: string;
  /** The exact text signed (or to sign): its first line is the title, blocks are separated by a blank line, each block's first line is its heading. */
  text: string;
  sha256: string;
  provider: ProviderIdentity;
  /** The learner's acceptance, or null for the contract still to sign. */
  signature: { fullName: string; signedAt: Date } | null;
  withdrawnAt?: Date | null;
}

/** The contrat de formation as a PDF: the provider's legal lines, the text, the provider's signature and the learner's acceptance with its proof. */
export async function renderContractPdf(input: ContractPdfInput): Promise<Buffer> {
  const { provider } = input;
  return renderPdf({ title: input.title, author: provider.legalName, subject: 'Contrat de formation professionnelle (articles L6353-3 à L6353-7 du Code du travail)' }, (doc) => {
    doc.font('Helvetica').fontSize(8).fillColor('#333333');
    for (const line of providerLegalLines(provider)) doc.text(line);
    doc.moveDown(1).fillColor('#000000');
    const [, ...blocks] = input.text.split('\n\n');
    doc.font('Helvetica-Bold').fontSize(15).text(input.title, { align: 'center' });
    if (!input.signature) doc.font('Helvetica').fontSize(9).text('Projet de contrat, à lire et signer dans votre espace EcoForma', { align: 'center' });
    doc.moveDown(1);
    for (const block of blocks) {
      const [heading, ...lines] = block.split('\n');
      doc.font('Helvetica-Bold').fontSize(10.5).text(heading ?? '');
      doc.font('Helvetica').fontSize(9.5);
      for (const line of lines) doc.text(line, { align: 'justify' });
      doc.moveDown(0.6);
    }
    doc.moveDown(0.5);
    drawProviderSignature(doc, provider);
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
    if (input.signature) {
      doc.text(`Accepté en ligne par ${input.signature.fullName}, le ${formatDateTime(input.signature.signedAt)} (heure de Paris), par la case « J’ai lu et j’accepte le contrat de formation » et la saisie de son nom.`);
    }
    doc.fontSize(8).text(`Empreinte SHA-256 du texte : ${input.sha256}`);
    if (input.withdrawnAt) doc.fontSize(10).text(`Le stagiaire s’est rétracté le ${formatDateTime(input.withdrawnAt)} : le contrat est sans effet.`);
  });
}
