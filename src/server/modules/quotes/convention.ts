import { formatDay, formatEuros, formatMinutes } from '../../../shared/french-format';
import type { ConventionFacts } from '../../../shared/quotes';
import type { VatRegime } from '../../../shared/provider';
import { renderPdf } from '../../lib/pdf';
import { drawProviderSignature, type ProviderIdentity } from '../provider';

/** The VAT mention of a price, as the provider's regime requires it (CGI 261-4-4° a, 293 B), and the amount due with VAT. */
export function vatMention(regime: VatRegime | string | null, totalCents: number): { mention: string; dueCents: number } {
  if (regime === 'exempt_261_4_4') return { mention: 'Exonération de TVA, art. 261-4-4° a du CGI', dueCents: totalCents };
  if (regime === 'franchise_293b') return { mention: 'TVA non applicable, art. 293 B du CGI', dueCents: totalCents };
  const vat = Math.round(totalCents * 0.2);
  return { mention: `TVA au taux de 20 % : ${euros(vat)}, soit ${euros(totalCents + vat)} TTC`, dueCents: totalCents + vat };
}

export const euros = (cents: number) => formatEuros(cents / 100);
const dayText = (day: string) => formatDay(new Date(`${day}T12:00:00Z`));

/** One article of the convention: a heading and its paragraphs. */
export interface ConventionArticle {
  heading: string;
  lines: string[];
}

export interface ConventionMentions {
  title: string;
  number: string;
  legalBasis: string;
  provider: string[];
  buyer: string[];
  articles: ConventionArticle[];
  signedAt: string;
  buyerSignature: string;
  providerSignatory: string;
}

/**
 * The mentions of the convention de formation between the provider and an organisation (Code du
 * travail L6353-1 and D6353-1, decision 052): the parties (the provider with its declaration
 * number, the organisation with its SIRET), the training's title, its objectives and programme,
 * the nature of the action (L6313-1, 1°: action de formation), its duration and period of
 * realisation, its modalities (at a distance: how it is followed and assessed), the number of
 * trainees, the price and the payment terms, then the signatures of both.
 */
export function conventionMentions(f: ConventionFacts): ConventionMentions {
  const p = f.provider;
  const b = f.buyer;
  const vat = vatMention(p.vatRegime, f.totalCents);
  const programme = f.course.programme.flatMap((section) => [section.title, ...section.items.map((item) => `– ${item}`)]);
  const trainees = f.seats === 1 ? '1 stagiaire' : `${f.seats} stagiaires`;
  return {
    title: 'Convention de formation professionnelle',
    number: f.number,
    legalBasis: 'Articles L6353-1 et D6353-1 du Code du travail',
    provider: [
      `${p.legalName}, ${p.address}, ${p.postalCode} ${p.city}`,
      `SIRET ${p.siret}`,
      `Déclaration d’activité enregistrée sous le numéro ${p.nda} auprès du préfet de région. Cet enregistrement ne vaut pas agrément de l’État.`,
      `Représenté par ${p.legalRepresentative}, ci-après « l’organisme de formation »,`,
    ],
    buyer: [`${b.name}, ${b.address}, ${b.postalCode} ${b.city}`, `SIRET ${b.siret}`, `Représenté par ${b.representative} (${b.email}), ci-après « le bénéficiaire ».`],
    articles: [
      {
        heading: 'Article 1 – Objet, nature et intitulé de l’action',
        lines: [
          `La présente convention a pour objet l’action « ${f.course.title} ».`,
          'Nature de l’action : action de formation au sens de l’article L6313-1, 1° du Code du travail.',
          `Devis accepté : ${f.quoteNumber}.`,
        ],
      },
      { heading: 'Article 2 – Objectifs', lines: f.course.objectives.length > 0 ? f.course.objectives.map((o) => `– ${o}`) : ['Les objectifs figurent au programme de la formation.'] },
      {
        heading: 'Article 3 – Programme',
        lines: [
          ...(programme.length > 0 ? programme : ['Le programme détaillé est publié sur la page de la formation.']),
          ...(f.course.targetAudience ? [`Public visé : ${f.course.targetAudience}`] : []),
          `Prérequis : ${f.course.prerequisites || 'aucun'}`,
        ],
      },
      {
        heading: 'Article 4 – Durée et période de réalisation',
        lines: [
          durationText(f.course.estimatedMinutes, f.course.duration),
          `Période de réalisation : du ${dayText(f.periodFrom)} au ${dayText(f.periodTo)}.`,
        ],
      },
      {
        heading: 'Article 5 – Modalités de déroulement, de suivi et d’évaluation',
        lines: [
          'Formation à distance, sur la plateforme EcoForma, au rythme de chaque stagiaire, avec l’assistance du formateur par la messagerie et les discussions du cours.',
          `Formateur ou formatrice : ${f.course.trainer}.`,
          'Suivi : temps de connexion et activités réalisées enregistrés par la plateforme ; certificat de réalisation délivré sur demande.',
          `Évaluation : ${f.course.assessmentMethods || 'quiz et activités de la formation'} ; attestation de fin de formation.`,
        ],
      },
      {
        heading: 'Article 6 – Effectif',
        lines: [`Nombre de stagiaires : ${trainees}, inscrits par le bénéficiaire parmi ses membres sur les places ouvertes par la présente convention.`],
      },
      {
        heading: 'Article 7 – Prix et modalités de règlement',
        lines: [
          `Prix : ${f.seats} × ${euros(f.unitCents)} = ${euros(f.totalCents)} HT. ${vat.mention}.`,
          `Montant dû : ${euros(vat.dueCents)}. Facture ${f.invoiceNumber}, payable par virement au plus tard le ${dayText(f.dueOn)}, sans escompte.`,
        ],
      },
    ],
    signedAt: `Fait en deux exemplaires électroniques, acceptée en ligne le ${formatDay(new Date(f.acceptedAt))}.`,
    buyerSignature: `Pour le bénéficiaire : ${b.representative}, ${b.name} (acceptation en ligne du devis ${f.quoteNumber})`,
    providerSignatory: `Pour l’organisme de formation : ${p.legalRepresentative}, représentant légal de ${p.legalName}`,
  };
}

/** The convention as a PDF, signed with the representative's image. */
export async function renderConvention(m: ConventionMentions, provider: ProviderIdentity): Promise<Buffer> {
  return renderPdf({ title: `${m.title} ${m.number}`, author: provider.legalName }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(m.title, { align: 'center' });
    doc.font('Helvetica').fontSize(9).text(`N° ${m.number} – ${m.legalBasis}`, { align: 'center' }).moveDown(1);
    doc.font('Helvetica-Bold').fontSize(10).text('Entre :').font('Helvetica');
    for (const line of m.provider) doc.text(line);
    doc.moveDown(0.5).font('Helvetica-Bold').text('Et :').font('Helvetica');
    for (const line of m.buyer) doc.text(line);
    doc.moveDown(0.5).text('Il est convenu ce qui suit.').moveDown(0.5);
    for (const article of m.articles) {
      doc.font('Helvetica-Bold').fontSize(11).text(article.heading).font('Helvetica').fontSize(10);
      for (const line of article.lines) doc.text(line);
      doc.moveDown(0.5);
    }
    doc.moveDown(0.5).text(m.signedAt).moveDown(0.5);
    doc.text(m.buyerSignature).moveDown(0.5);
    doc.text(m.providerSignatory);
    drawProviderSignature(doc, provider);
  });
}

/** The duration as the catalogue gives it: the activities' estimated total, and the advised pace (« à suivre sur 3 mois »). */
export function durationText(minutes: number, pace: string): string {
  const total = minutes > 0 ? `${formatMinutes(minutes, ' ')} d’activités (durées estimées des leçons et évaluations)` : 'selon le programme';
  return `Durée : ${total}${pace.trim() ? `, à suivre sur ${pace.trim()}` : ''}.`;
}
