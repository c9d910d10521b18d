import { inArray } from 'drizzle-orm';
import { attendanceMessages, certificateBasisLabels, type CertificateBasis, type CertificateQuery } from '../../../shared/attendance';
import { formatDay, formatMinutes } from '../../../shared/french-format';
import type { Executor } from '../../db/client';
import { organisations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { parisDay } from '../../../shared/paris-days';
import { attendanceOf, type EnrolmentFacts } from './attendance.service';
import { providerIdentity, type ProviderIdentity } from '../provider';

/** What the certificat de réalisation states, gathered before it is written. */
export interface CompletionFacts {
  provider: Pick<ProviderIdentity, 'legalName' | 'nda' | 'siret' | 'legalRepresentative' | 'address' | 'postalCode' | 'city'>;
  learnerName: string;
  /** The learner's employer: the organisation they consented to share this course's progress with, or null. */
  employer: string | null;
  courseTitle: string;
  enrolmentId: number;
  /** The first and last days with activity within the requested period (Paris days, 'YYYY-MM-DD'). */
  firstDay: string;
  lastDay: string;
  minutes: number;
  basis: CertificateBasis;
  /** The day it is made. */
  issuedAt: Date;
}

/** The natures of action of article L6313-1 of the Code du travail, as the model lists them; EcoForma gives the first. */
export const ACTION_NATURES = [
  'action de formation (article L6313-1, 1°)',
  'bilan de compétences',
  "action permettant de faire valider les acquis de l'expérience",
  'action de formation par apprentissage',
] as const;

export interface CompletionMentions {
  title: string;
  number: string;
  provider: string[];
  statement: string[];
  natures: { label: string; checked: boolean }[];
  period: string;
  duration: string;
  basis: string;
  place: string;
  retention: string;
  signedAt: string;
  signatory: string;
}

const compactDay = (day: string) => day.replaceAll('-', '');
const dayText = (day: string) => formatDay(new Date(`${day}T12:00:00Z`));

/**
 * The mentions of the certificat de réalisation, after the model of the arrêté du 21 décembre 2018
 * (decision 047): the provider (legal name, NDA, SIRET), its representative's statement, the
 * learner and their employer, the action and its nature (L6313-1 1°, « action de formation »),
 * the period, the duration performed and on what basis, the place (« à distance »), the place and
 * day it is made, the retention of the evidence, and a unique number. The number follows from the
 * enrolment, the period and the basis: downloading the same certificate again gives the same number.
 */
export function certificateOfCompletionMentions(f: CompletionFacts): CompletionMentions {
  const p = f.provider;
  return {
    title: 'Certificat de réalisation',
    number: `CR-${String(f.enrolmentId).padStart(6, '0')}-${compactDay(f.firstDay)}-${compactDay(f.lastDay)}-${f.basis === 'estimated' ? 'E' : 'P'}`,
    provider: [p.legalName, `${p.address}, ${p.postalCode} ${p.city}`, `Numéro de déclaration d'activité : ${p.nda}`, `SIRET : ${p.siret}`],
    statement: [
      `Je soussigné(e) ${p.legalRepresentative}, représentant légal du dispensateur de l'action concourant au développement des compétences ${p.legalName}, atteste que :`,
      f.employer ? `${f.learnerName}, salarié(e) de l'entreprise ${f.employer},` : `${f.learnerName}`,
      `a suivi l'action « ${f.courseTitle} »`,
    ],
    natures: ACTION_NATURES.map((label, index) => ({ label, checked: index === 0 })),
    period: f.firstDay === f.lastDay ? `qui s'est déroulée le ${dayText(f.firstDay)}` : `qui s'est déroulée du ${dayText(f.firstDay)} au ${dayText(f.lastDay)}`,
    duration: `pour une durée de ${formatMinutes(f.minutes, ' ')}`,
    basis: `Durée établie d'après ${certificateBasisLabels[f.basis]}.`,
    place: "Lieu de l'action : à distance.",
    retention:
      "Sans préjudice des délais imposés par les règles fiscales, comptables ou commerciales, je m'engage à conserver l'ensemble des pièces justificatives qui ont permis d'établir le présent certificat pendant une durée de 3 ans à compter de la fin de l'année du dernier paiement. En cas de cofinancement par des fonds européens, la durée de conservation est étendue conformément aux obligations conventionnelles spécifiques.",
    signedAt: `Fait à ${p.city}, le ${formatDay(f.issuedAt)}`,
    signatory: `${p.legalRepresentative}, représentant légal de ${p.legalName}`,
  };
}

/** The certificate's facts for an enrolment and a period: 409 before any activity within it. */
export async function completionFacts(db: Executor, provider: ProviderIdentity, enrolment: EnrolmentFacts, query: CertificateQuery, now: Date): Promise<CompletionFacts> {
  const attendance = await attendanceOf(db, enrolment, query);
  const moments = [
    ...attendance.lessons.flatMap((l) => (l.completed_at ? [l.completed_at] : [])),
    ...attendance.quizzes.map((q) => q.submitted_at),
    ...attendance.connections.flatMap((c) => [c.started_at, c.ended_at]),
    ...attendance.live_slots.map((s) => s.starts_at),
  ]
    .map((value) => parisDay(new Date(value)))
    .sort();
  if (moments.length === 0) throw AppError.invalidTransition(attendanceMessages.noActivity);
  const employers =
    enrolment.consentingOrganisationIds.length === 0
      ? []
      : await db.select({ id: organisations.userId, name: organisations.name }).from(organisations).where(inArray(organisations.userId, enrolment.consentingOrganisationIds));
  const employer = enrolment.consentingOrganisationIds.map((id) => employers.find((e) => e.id === id)?.name).find(Boolean) ?? null;
  return {
    provider,
    learnerName: enrolment.learnerName,
    employer,
    courseTitle: enrolment.courseTitle,
    enrolmentId: enrolment.id,
    firstDay: moments[0]!,
    lastDay: moments.at(-1)!,
    // Signed live hours count on either basis: the sign-in sheet proves them (R6332-26).
    minutes: (query.basis === 'on_screen' ? attendance.total_on_screen_minutes : attendance.total_estimated_minutes) + attendance.total_live_minutes,
    basis: query.basis,
    issuedAt: now,
  };
}

/** The certificat de réalisation as a PDF (pdfkit, like the attestation: uncompressed, its words readable by a test). */
export async function renderCertificateOfCompletion(m: CompletionMentions, signature: ProviderIdentity['signature']): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: `${m.title} ${m.number}`, Author: m.provider[0] ?? '' }, lang: 'fr-FR' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(12).text(m.provider[0] ?? '');
  doc.font('Helvetica').fontSize(9);
  for (const line of m.provider.slice(1)) doc.text(line);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(20).text(m.title, { align: 'center' });
  doc.font('Helvetica').fontSize(9).text(`N° ${m.number}`, { align: 'center' });
  doc.moveDown(1.5).fontSize(11);
  for (const line of m.statement) doc.text(line).moveDown(0.3);
  doc.moveDown(0.5).font('Helvetica-Bold').text("Nature de l'action concourant au développement des compétences :").font('Helvetica');
  for (const nature of m.natures) doc.text(`${nature.checked ? '[X]' : '[ ]'} ${nature.label}`, { indent: 12 });
  doc.moveDown(0.5);
  doc.text(m.period).text(m.duration).moveDown(0.3);
  doc.fontSize(9).text(m.basis).text(m.place).moveDown(1);
  doc.fontSize(8).text(m.retention, { align: 'justify' }).moveDown(1.5);
  doc.fontSize(11).text(m.signedAt).moveDown(0.5);
  doc.fontSize(9).text('Cachet et signature du responsable du dispensateur de formation :').text(m.signatory);
  doc.image(signature.data, { fit: [180, 72] });
  doc.end();
  return done;
}

/** `GET /api/enrolments/{id}/certificate-of-completion`: the provider's identity (409 while settings are missing), the facts (409 before any activity), the PDF. */
export async function certificateOfCompletionPdf(deps: { db: Executor; storage: Storage }, enrolment: EnrolmentFacts, query: CertificateQuery, now: Date = new Date()): Promise<Buffer> {
  const provider = await providerIdentity(deps);
  const facts = await completionFacts(deps.db, provider, enrolment, query, now);
  return renderCertificateOfCompletion(certificateOfCompletionMentions(facts), provider.signature);
}

