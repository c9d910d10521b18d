import type QRCodeModule from 'qrcode';
import { PLATFORM_NAME, type CertificateSnapshot } from '../../../shared/certificates';
import { formatDay, formatMinutes } from '../../../shared/french-format';
import { drawProviderSignature, providerLegalLines, type ProviderIdentity } from '../provider';

export interface CertificatePrint {
  number: string;
  issuedAt: Date;
  snapshot: CertificateSnapshot;
  /** The public verification page the QR code leads to. */
  verificationUrl: string;
  /** The training provider issuing it, from the settings at download time. */
  provider: ProviderIdentity;
}

const GREEN = '#2e7d32';
const GREY = '#555555';



/** The QR code drawn as vector squares: sharp at any zoom, no image to decode. */
function drawQrCode(QRCode: typeof QRCodeModule, doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

/**
 * The attestation as a PDF, from its snapshot only. Streams are left uncompressed: the document
 * is one page of text, and its words stay readable to a test (and to a search tool).
 */
export async function renderCertificatePdf(print: CertificatePrint): Promise<Buffer> {
  const { snapshot: s } = print;
  // pdfkit and qrcode are loaded with the first attestation, not at start-up (decision 026).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Attestation de fin de formation ${print.number}`, Author: print.provider.legalName, Subject: s.course_title },
    lang: 'fr-FR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 100;
  const [name, ...legal] = providerLegalLines(print.provider);
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(18).text(name!);
  doc.fillColor(GREY).font('Helvetica').fontSize(8).text(legal.join(' · '));
  doc.fontSize(10).text(`Attestation n° ${print.number} · formation suivie sur ${PLATFORM_NAME}`);
  doc.moveDown(1.5);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(20).text('Attestation de fin de formation', { align: 'center' });
  doc.moveDown(1);

  doc.font('Helvetica').fontSize(11).text('Nous attestons que', { align: 'center' });
  doc.font('Helvetica-Bold').fontSize(16).text(s.learner_name, { align: 'center' });
  doc.font('Helvetica').fontSize(11).text("a suivi jusqu'à son terme l'action de formation", { align: 'center' });
  doc.font('Helvetica-Bold').fontSize(14).text(s.course_title, { align: 'center' });
  doc.moveDown(1);

  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label} : `, { continued: true }).font('Helvetica').text(value);
  };
  line("Nature de l'action", 'action de formation');
  line('Durée prévue', formatMinutes(s.duration_minutes, ' '));
  line("Date d'inscription", formatDay(s.enrolled_at));
  line("Date d'achèvement", formatDay(s.completed_at));
  line('Formateur ou formatrice', s.trainer_name);
  doc.moveDown(0.8);

  if (s.objectives.length > 0) {
    doc.font('Helvetica-Bold').fontSize(11).text('Objectifs de la formation');
    doc.font('Helvetica').fontSize(10).list(s.objectives, { bulletRadius: 1.5, textIndent: 10 });
    doc.moveDown(0.8);
  }

  doc.font('Helvetica-Bold').fontSize(11).text('Résultats des évaluations');
  doc.font('Helvetica').fontSize(10);
  if (s.quizzes.length === 0) doc.text('Aucune évaluation notée dans cette formation.');
  for (const q of s.quizzes) doc.text(`${q.title} : ${q.score} % (seuil de réussite ${q.pass_mark} %)`);
  if (s.objective_results.length > 0) {
    doc.moveDown(0.4).font('Helvetica-Bold').text('Par objectif évalué').font('Helvetica');
    for (const o of s.objective_results) doc.text(`${o.objective} : ${o.correct} / ${o.total} bonne(s) réponse(s) (${o.percent} %)`);
  }
  doc.moveDown(1);
  doc.text(`Délivrée le ${formatDay(print.issuedAt)} par ${print.provider.legalName}.`);
  doc.moveDown(0.5);
  drawProviderSignature(doc, print.provider);

  // Verification block at the foot of the page.
  const qrSize = 96;
  const y = doc.page.height - 50 - qrSize;
  drawQrCode(QRCode, doc, print.verificationUrl, 50, y, qrSize);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text("Vérifiez l'authenticité de cette attestation en scannant ce code ou à l'adresse :", 50 + qrSize + 12, y + 20, { width: width - qrSize - 12 })
    .fillColor(GREEN)
    .text(print.verificationUrl, { width: width - qrSize - 12, link: print.verificationUrl, lineBreak: false });
  doc.end();
  return done;
}
