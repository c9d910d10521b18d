import { PLATFORM_NAME } from '../../../shared/certificates';
import { formatDay, formatMinutes } from '../../../shared/french-format';
import { sessionModalityLabels, type SessionModality } from '../../../shared/live-sessions';

const GREEN = '#2e7d32';
const GREY = '#555555';
const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

/** 09:00, Paris time. */
export function parisTime(value: Date): string {
  return timeFormat.format(value);
}

/** Who the learner may turn to, from the provider's settings (issue 27), when they are set. */
export interface ProviderReferents {
  legalName: string;
  nda: string;
  address: string;
  complaintsContact: string;
  disabilityReferent: string;
}

export interface ConvocationPrint {
  learnerName: string;
  courseTitle: string;
  sessionTitle: string;
  modality: SessionModality;
  address: string | null;
  /** Where the virtual room is found (the learner's page; the room itself opens 15 minutes before). */
  roomPage: string;
  trainerName: string;
  slots: { startsAt: Date; endsAt: Date }[];
  provider: ProviderReferents | null;
  /** Set on an update: the convocation replaces the previous one. */
  updated: boolean;
}

async function newDocument(title: string, subject: string) {
  // pdfkit is loaded with the first document, not at start-up (decision 026).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: title, Author: PLATFORM_NAME, Subject: subject }, lang: 'fr-FR' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The convocation (Qualiopi indicator 9): course, dates and times, place or link, trainer, referents and rules. */
export async function renderConvocationPdf(print: ConvocationPrint): Promise<Buffer> {
  const { doc, done } = await newDocument(`Convocation : ${print.sessionTitle}`, print.courseTitle);
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(22).text(print.provider?.legalName ?? PLATFORM_NAME);
  if (print.provider) doc.fillColor(GREY).font('Helvetica').fontSize(9).text(`${print.provider.address} – déclaration d'activité n° ${print.provider.nda}`);
  doc.moveDown(1.5);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(print.updated ? 'Convocation (mise à jour)' : 'Convocation', { align: 'center' });
  doc.moveDown(1);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label} : `, { continued: true }).font('Helvetica').text(value);
  };
  line('Apprenant', print.learnerName);
  line('Formation', print.courseTitle);
  line('Session', print.sessionTitle);
  line('Modalité', sessionModalityLabels[print.modality]);
  if (print.modality === 'in_person') line('Lieu', print.address ?? '');
  else line('Accès', `salle virtuelle ouverte 15 minutes avant le début, depuis « Mes sessions » : ${print.roomPage}`);
  line('Formateur ou formatrice', print.trainerName);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).text('Dates et horaires (heure de Paris)');
  doc.font('Helvetica').fontSize(10);
  for (const slot of print.slots) {
    const minutes = Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000);
    doc.text(`${formatDay(slot.startsAt)}, de ${parisTime(slot.startsAt)} à ${parisTime(slot.endsAt)} (${formatMinutes(minutes, ' ')})`);
  }
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).text('Règles de la session');
  doc
    .font('Helvetica')
    .fontSize(10)
    .list(
      [
        'Signez la feuille d’émargement de chaque créneau depuis « Mes sessions », de 15 minutes avant son début à 30 minutes après.',
        'Une absence doit être signalée au formateur, qui peut la noter comme justifiée avec son motif.',
        'Seules les heures signées comptent dans votre attestation d’assiduité.',
      ],
      { bulletRadius: 1.5, textIndent: 10 },
    );
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).text('Vos interlocuteurs');
  doc.font('Helvetica').fontSize(10);
  if (print.provider) {
    doc.text(`Référent handicap : ${print.provider.disabilityReferent}`);
    doc.text(`Réclamations : ${print.provider.complaintsContact}`);
  } else {
    doc.text(`Pour toute question, un besoin d'adaptation ou une réclamation, écrivez à l'équipe ${PLATFORM_NAME}.`);
  }
  doc.end();
  return done;
}

export interface SheetPrint {
  courseTitle: string;
  sessionTitle: string;
  day: string;
  trainerName: string;
  slots: {
    startsAt: Date;
    endsAt: Date;
    trainerSignature: Buffer | null;
    countersignedAt: Date | null;
  }[];
  /** One row per registered learner: for each slot of the day, the signature image or the absence. */
  learners: { name: string; cells: ({ state: 'signed'; image: Buffer; signedAt: Date } | { state: 'absent' } | { state: 'justified'; reason: string })[] }[];
}

/** The sign-in sheet of one day (R6332-26): per learner and half-day the signature or « Absent », and the trainer's countersignature. */
export async function renderAttendanceSheetPdf(print: SheetPrint): Promise<Buffer> {
  const { doc, done } = await newDocument(`Feuille d'émargement ${print.day}`, print.courseTitle);
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(18).text("Feuille d'émargement");
  doc.fillColor('#000000').font('Helvetica').fontSize(10);
  doc.text(`Formation : ${print.courseTitle}`);
  doc.text(`Session : ${print.sessionTitle}`);
  doc.text(`Date : ${formatDay(new Date(`${print.day}T12:00:00Z`))}`);
  doc.text(`Formateur ou formatrice : ${print.trainerName}`);
  doc.moveDown(1);

  const left = 50;
  const nameWidth = 150;
  const cellWidth = (doc.page.width - 100 - nameWidth) / Math.max(1, print.slots.length);
  const rowHeight = 48;
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text('Apprenant', left, y, { width: nameWidth });
  print.slots.forEach((slot, i) => doc.text(`${parisTime(slot.startsAt)} – ${parisTime(slot.endsAt)}`, left + nameWidth + i * cellWidth, y, { width: cellWidth, align: 'center' }));
  y += 18;
  doc.font('Helvetica').fontSize(9);
  for (const learner of print.learners) {
    if (y + rowHeight > doc.page.height - 150) {
      doc.addPage();
      y = 50;
    }
    doc.rect(left, y, nameWidth + cellWidth * print.slots.length, rowHeight).stroke('#cccccc');
    doc.fillColor('#000000').text(learner.name, left + 4, y + 4, { width: nameWidth - 8 });
    learner.cells.forEach((cell, i) => {
      const x = left + nameWidth + i * cellWidth;
      if (cell.state === 'signed') {
        doc.image(cell.image, x + 4, y + 2, { fit: [cellWidth - 8, rowHeight - 16], align: 'center' });
        doc.fontSize(7).fillColor(GREY).text(`Signé à ${parisTime(cell.signedAt)}`, x, y + rowHeight - 11, { width: cellWidth, align: 'center' });
      } else if (cell.state === 'justified') {
        doc.fontSize(8).fillColor('#000000').text(`Absence justifiée : ${cell.reason}`, x + 4, y + 4, { width: cellWidth - 8 });
      } else {
        doc.fontSize(9).fillColor('#b71c1c').text('Absent', x, y + 18, { width: cellWidth, align: 'center' });
      }
      doc.fontSize(9).fillColor('#000000');
    });
    y += rowHeight;
  }
  y += 16;
  doc.font('Helvetica-Bold').fontSize(10).text('Signature du formateur ou de la formatrice', left, y);
  y += 14;
  print.slots.forEach((slot, i) => {
    const x = left + i * 170;
    doc.font('Helvetica').fontSize(8).text(`Créneau ${parisTime(slot.startsAt)} – ${parisTime(slot.endsAt)}`, x, y, { width: 160 });
    if (slot.trainerSignature && slot.countersignedAt) {
      doc.image(slot.trainerSignature, x, y + 12, { fit: [150, 50] });
      doc.text(`Contresigné à ${parisTime(slot.countersignedAt)}`, x, y + 66, { width: 160 });
    } else {
      doc.text('Non contresigné', x, y + 24, { width: 160 });
    }
  });
  doc.end();
  return done;
}
