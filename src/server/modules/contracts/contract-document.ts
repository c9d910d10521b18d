import { createHash } from 'node:crypto';
import {
  contractMentionHeadings,
  frenchDay,
  paymentSchedule,
  WITHDRAWAL_DAYS_AT_DISTANCE,
  WITHDRAWAL_DAYS_IN_PERSON,
  withdrawalPeriodEnd,
  type ContractSection,
  type Instalment,
} from '../../../shared/contracts';
import { formatEuros, formatMinutes } from '../../../shared/french-format';
import { parisDay } from '../../../shared/paris-days';
import { vatRegimeLabels, type VatRegime } from '../../../shared/provider';

/** What a contrat de formation is made of: the course, the provider, the learner and the provider's choice of access. */
export interface ContractFacts {
  provider: { legalName: string; address: string; postalCode: string; city: string; siret: string; nda: string; legalRepresentative: string; complaintsContact: string; disabilityReferent: string; vatRegime: VatRegime };
  learner: { firstname: string; lastname: string; email: string };
  course: {
    id: number;
    title: string;
    description: string;
    duration: string;
    priceCents: number;
    objectives: string[];
    targetAudience: string;
    prerequisites: string;
    assessmentMethods: string;
    contact: string | null;
    accessibility: string | null;
    trainerName: string;
    certificationCode: string | null;
    programme: { title: string; lessons: { title: string; minutes: number }[] }[];
    quizCount: number;
  };
  /** The provider opens access at once to a learner who waives the withdrawal period (L221-28 13°). */
  waiverOffered: boolean;
}

export interface ContractDocument {
  title: string;
  sections: ContractSection[];
  /** The exact text signed: title, sections, each heading then its body. */
  text: string;
  sha256: string;
  withdrawalUntil: string;
  schedule: Instalment[];
}

const euros = (cents: number) => formatEuros(cents / 100);

function dueText(instalment: Instalment): string {
  return 'on' in instalment.due ? `exigible le ${frenchDay(instalment.due.on)}` : instalment.due.progress === 100 ? 'exigible à la fin de la formation (toutes les leçons réalisées)' : `exigible lorsque ${instalment.due.progress} % des leçons sont réalisées`;
}

/**
 * The contrat de formation of L6353-3 and L6353-4 for this learner, signed at `signedAt`: every
 * mention the law lists (missingContractMentions checks them), the withdrawal period and the
 * payment schedule computed by the shared rules. With `waiver`, the learner starts at once and
 * waives the 14 days of the Code de la consommation (L221-28 13°); the 10 days of L6353-5 remain.
 */
export function buildContract(facts: ContractFacts, signedAt: Date, waiver = false): ContractDocument {
  const { provider: p, learner, course } = facts;
  const atDistance = !waiver;
  const withdrawalUntil = withdrawalPeriodEnd(signedAt, atDistance);
  const schedule = paymentSchedule({ priceCents: course.priceCents, signedAt, withdrawalUntil });
  const totalMinutes = course.programme.reduce((sum, s) => sum + s.lessons.reduce((m, l) => m + l.minutes, 0), 0);
  const vat = vatRegimeLabels[p.vatRegime];
  const sections: ContractSection[] = [
    {
      key: 'parties',
      heading: 'Entre les soussignés',
      body: [
        `${p.legalName}, ${p.address}, ${p.postalCode} ${p.city}, SIRET ${p.siret}, déclaration d’activité enregistrée sous le numéro ${p.nda} auprès du préfet de région (cet enregistrement ne vaut pas agrément de l’État), représenté par ${p.legalRepresentative}, ci-après « l’organisme de formation » ;`,
        `et ${learner.firstname} ${learner.lastname} (${learner.email}), ci-après « le stagiaire », qui entreprend cette formation à titre individuel et à ses frais,`,
        'est conclu le présent contrat de formation professionnelle, en application des articles L6353-3 à L6353-7 du Code du travail.',
      ].join('\n'),
    },
    {
      key: 'nature',
      heading: contractMentionHeadings.nature,
      body: [
        `Action de formation au sens de l’article L6313-1, 1° du Code du travail : « ${course.title} ».`,
        course.description,
        course.targetAudience ? `Public visé : ${course.targetAudience}` : '',
        `Sanction de la formation : attestation de fin de formation et certificat de réalisation${course.certificationCode ? ` ; certification ${course.certificationCode}` : ''}.`,
      ]
        .filter(Boolean)
        .join('\n'),
    },
    {
      key: 'duration',
      heading: contractMentionHeadings.duration,
      body: [
        `Durée annoncée : ${course.duration}, dont ${formatMinutes(totalMinutes, ' ')} de leçons et d’évaluations estimées.`,
        'La formation se suit à votre rythme, en ligne, à partir de l’ouverture de votre accès (article 10) ; l’accès reste ouvert tant que le cours est publié.',
      ].join('\n'),
    },
    {
      key: 'programme',
      heading: contractMentionHeadings.programme,
      body: course.programme.length > 0 ? course.programme.map((s, i) => `${i + 1}. ${s.title}${s.lessons.length > 0 ? ` : ${s.lessons.map((l) => l.title).join(' ; ')}` : ''}`).join('\n') : course.description,
    },
    {
      key: 'objectives',
      heading: contractMentionHeadings.objectives,
      body: course.objectives.length > 0 ? course.objectives.map((o) => `– ${o}`).join('\n') : `À l’issue de la formation, le stagiaire maîtrise les notions présentées dans « ${course.title} » : ${course.description}`,
    },
    {
      key: 'prerequisites',
      heading: contractMentionHeadings.prerequisites,
      body: course.prerequisites.trim() || 'Aucun prérequis : la formation est ouverte à tous.',
    },
    {
      key: 'distance',
      heading: contractMentionHeadings.distance,
      body: [
        'La formation est dispensée entièrement à distance, sur la plateforme EcoForma (leçons écrites, vidéos, documents et quiz), accessible avec un navigateur récent et une connexion à internet.',
        `Assistance pédagogique et technique : le formateur répond dans les discussions du cours ; contact de l’organisme : ${course.contact ?? p.complaintsContact}, réponse sous deux jours ouvrés.`,
        `Évaluations : ${course.assessmentMethods.trim() || (course.quizCount > 0 ? `${course.quizCount} quiz corrigés automatiquement` : 'exercices d’autoévaluation en fin de chapitre')}. Le temps passé et les activités réalisées sont enregistrés (assiduité) et justifient le certificat de réalisation.`,
        `Accessibilité et handicap : ${course.accessibility ?? `contactez le référent handicap, ${p.disabilityReferent}`}.`,
      ].join('\n'),
    },
    {
      key: 'trainers',
      heading: contractMentionHeadings.trainers,
      body: `${course.trainerName}, formateur ou formatrice de la plateforme EcoForma, auteur du cours, dont les titres et qualités figurent sur sa page publique.`,
    },
    {
      key: 'price',
      heading: contractMentionHeadings.price,
      body: `Prix total de la formation : ${euros(course.priceCents)}, à la charge du stagiaire. ${vat}.`,
    },
    {
      key: 'payment',
      heading: contractMentionHeadings.payment,
      body: [
        `Aucune somme n’est exigible avant la fin du délai de rétractation. Le premier versement n’excède pas 30 % du prix ; le solde est échelonné au fur et à mesure du déroulement de la formation (article L6353-6 du Code du travail) :`,
        ...schedule.map((i) => `– ${i.label} : ${euros(i.amountCents)}, ${dueText(i)}`),
        'Chaque échéance fait l’objet d’une facture, réglée par virement bancaire sur le compte de l’organisme indiqué sur la facture.',
      ].join('\n'),
    },
    {
      key: 'withdrawal',
      heading: contractMentionHeadings.withdrawal,
      body: [
        waiver
          ? `À sa demande expresse, le stagiaire accède à la formation dès la signature et renonce au délai de rétractation de ${WITHDRAWAL_DAYS_AT_DISTANCE} jours du Code de la consommation pour ce contenu numérique (article L221-28, 13°). Il conserve le délai de ${WITHDRAWAL_DAYS_IN_PERSON} jours de l’article L6353-5 du Code du travail.`
          : `Le contrat étant conclu à distance, le stagiaire dispose de ${WITHDRAWAL_DAYS_AT_DISTANCE} jours pour se rétracter (article L221-18 du Code de la consommation ; ${WITHDRAWAL_DAYS_IN_PERSON} jours au moins selon l’article L6353-5 du Code du travail).`,
        `Le délai court à compter du lendemain de la signature et prend fin le ${frenchDay(withdrawalUntil)} à minuit (reporté au premier jour ouvrable s’il tombe un samedi, un dimanche ou un jour férié). Le stagiaire se rétracte sans motif ni frais par le bouton « Me rétracter » de son espace, ou par lettre recommandée avec avis de réception adressée à l’organisme.`,
        'La rétractation annule l’inscription et l’échéancier ; aucune somme n’ayant été exigée, rien n’est dû.',
      ].join('\n'),
    },
    {
      key: 'access',
      heading: 'Ouverture de l’accès',
      body: waiver ? 'L’accès aux leçons est ouvert dès la signature du présent contrat.' : `L’accès aux leçons est ouvert le lendemain de la fin du délai de rétractation, le ${frenchDay(addDay(withdrawalUntil))}.`,
    },
    {
      key: 'termination',
      heading: contractMentionHeadings.termination,
      body: [
        'Si, par suite de force majeure dûment reconnue, le stagiaire est empêché de suivre la formation, il peut rompre le contrat. Dans ce cas, seules les prestations effectivement dispensées sont dues, au prorata temporis de leur valeur prévue au présent contrat (article L6353-7 du Code du travail).',
        'En cas d’abandon sans force majeure, les échéances déjà exigibles restent dues ; les suivantes ne le deviennent pas.',
      ].join('\n'),
    },
    {
      key: 'parties',
      heading: 'Signature',
      body: `Contrat accepté en ligne par le stagiaire, par une case à cocher et la saisie de son nom, le ${frenchDay(parisDay(signedAt))} ; l’horodatage, l’empreinte SHA-256 du présent texte et une empreinte de l’adresse de connexion sont conservés comme preuve. Réclamations : ${p.complaintsContact}.`,
    },
  ];
  const title = `Contrat de formation professionnelle – ${course.title}`;
  const text = [title, ...sections.map((s) => `${s.heading}\n${s.body}`)].join('\n\n');
  return { title, sections, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex'), withdrawalUntil, schedule };
}

function addDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The instant a Paris day begins (midnight in Paris, 22:00 or 23:00 UTC the day before). */
export function parisMidnight(day: string): Date {
  for (const offsetHours of [2, 1, 0]) {
    const candidate = new Date(Date.parse(`${day}T00:00:00Z`) - offsetHours * 3_600_000);
    if (parisDay(candidate) === day) return candidate;
  }
  return new Date(`${day}T00:00:00Z`);
}
