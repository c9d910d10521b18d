import { z } from 'zod';

/**
 * Bilan pédagogique et financier (BPF, Cerfa 10443, issue 29, decision 053): the classifications
 * the Cerfa asks for, with its line codes and labels, and the report's contract.
 */

/** Frame F-1: the trainee's type, one per enrolment. */
export const traineeTypes = ['private_employee', 'apprentice', 'job_seeker', 'self_funded', 'other'] as const;
export type TraineeType = (typeof traineeTypes)[number];
export const traineeTypeLines: Record<TraineeType, { code: string; label: string }> = {
  private_employee: { code: 'F-1 a', label: 'Salariés d’employeurs privés hors apprentis' },
  apprentice: { code: 'F-1 b', label: 'Apprentis' },
  job_seeker: { code: 'F-1 c', label: 'Personnes en recherche d’emploi formées par votre organisme de formation' },
  self_funded: { code: 'F-1 d', label: 'Particuliers à leurs propres frais formés par votre organisme de formation' },
  other: { code: 'F-1 e', label: 'Autres stagiaires' },
};

/** Frame C: where the revenue of an enrolment comes from (the Cerfa's lines 1 to 11). */
export const fundingLines = [
  'c1',
  'c2a',
  'c2b',
  'c2c',
  'c2d',
  'c2e',
  'c2f',
  'c2g',
  'c2h',
  'c3',
  'c4',
  'c5',
  'c6',
  'c7',
  'c8',
  'c9',
  'c10',
  'c11',
] as const;
export type FundingLine = (typeof fundingLines)[number];
export const fundingLineLabels: Record<FundingLine, { code: string; label: string }> = {
  c1: { code: '1', label: 'Produits provenant des entreprises pour la formation de leurs salariés' },
  c2a: { code: '2a', label: 'OPCO et fonds d’assurance formation : contrats d’apprentissage' },
  c2b: { code: '2b', label: 'OPCO et fonds d’assurance formation : contrats de professionnalisation' },
  c2c: { code: '2c', label: 'OPCO et fonds d’assurance formation : promotion ou reconversion par alternance' },
  c2d: { code: '2d', label: 'OPCO et fonds d’assurance formation : projets de transition professionnelle' },
  c2e: { code: '2e', label: 'OPCO et fonds d’assurance formation : compte personnel de formation' },
  c2f: { code: '2f', label: 'OPCO et fonds d’assurance formation : dispositifs spécifiques pour les personnes en recherche d’emploi' },
  c2g: { code: '2g', label: 'OPCO et fonds d’assurance formation : dispositifs spécifiques pour les travailleurs non salariés' },
  c2h: { code: '2h', label: 'OPCO et fonds d’assurance formation : plan de développement des compétences ou autres dispositifs' },
  c3: { code: '3', label: 'Pouvoirs publics pour la formation de leurs agents' },
  c4: { code: '4', label: 'Pouvoirs publics pour la formation de publics spécifiques : instances européennes' },
  c5: { code: '5', label: 'Pouvoirs publics pour la formation de publics spécifiques : État' },
  c6: { code: '6', label: 'Pouvoirs publics pour la formation de publics spécifiques : conseils régionaux' },
  c7: { code: '7', label: 'Pouvoirs publics pour la formation de publics spécifiques : France travail' },
  c8: { code: '8', label: 'Pouvoirs publics pour la formation de publics spécifiques : autres ressources publiques' },
  c9: { code: '9', label: 'Contrats conclus avec des personnes à titre individuel et à leurs frais' },
  c10: { code: '10', label: 'Contrats conclus avec d’autres organismes de formation (y compris CFA)' },
  c11: { code: '11', label: 'Autres produits au titre de la formation professionnelle' },
};

/** Frame F-3: the general objective of a course. The RNCP levels are the « dont » lines of F-3 a. */
export const trainingObjectives = ['rncp_6_8', 'rncp_5', 'rncp_4', 'rncp_3', 'rncp_2', 'rncp_cqp', 'rs', 'cqp', 'other', 'skills_review', 'vae'] as const;
export type TrainingObjective = (typeof trainingObjectives)[number];
export const trainingObjectiveLines: Record<TrainingObjective, { code: string; label: string }> = {
  rncp_6_8: { code: 'F-3 a', label: 'Diplôme ou titre enregistré au RNCP, de niveau 6 à 8 (licence, master, ingénieur, doctorat)' },
  rncp_5: { code: 'F-3 a', label: 'Diplôme ou titre enregistré au RNCP, de niveau 5 (BTS, DUT…)' },
  rncp_4: { code: 'F-3 a', label: 'Diplôme ou titre enregistré au RNCP, de niveau 4 (bac pro, BT, BP, BM…)' },
  rncp_3: { code: 'F-3 a', label: 'Diplôme ou titre enregistré au RNCP, de niveau 3 (BEP, CAP…)' },
  rncp_2: { code: 'F-3 a', label: 'Diplôme ou titre enregistré au RNCP, de niveau 2' },
  rncp_cqp: { code: 'F-3 a', label: 'Certificat de qualification professionnelle (CQP) enregistré au RNCP sans niveau de qualification' },
  rs: { code: 'F-3 b', label: 'Formations visant une certification ou une habilitation enregistrée au répertoire spécifique (RS)' },
  cqp: { code: 'F-3 c', label: 'Formations visant un CQP non enregistré au RNCP ni au RS' },
  other: { code: 'F-3 d', label: 'Autres formations professionnelles' },
  skills_review: { code: 'F-3 e', label: 'Bilans de compétences' },
  vae: { code: 'F-3 f', label: 'Actions d’accompagnement à la validation des acquis de l’expérience' },
};
/** The heading line of F-3 a, whose « dont » lines are the RNCP objectives. */
export const RNCP_HEADING = 'Formations visant un diplôme, un titre à finalité professionnelle ou un CQP enregistré au RNCP';

/** Frame F-4: the NSF speciality codes relevant to the catalogue (nomenclature des spécialités de formation). */
export const nsfCodes = {
  '100': 'Formations générales',
  '120': 'Spécialités pluridisciplinaires, sciences humaines et droit',
  '128': 'Droit, sciences politiques',
  '200': 'Technologies industrielles fondamentales',
  '210': 'Spécialités plurivalentes de l’agronomie et de l’agriculture',
  '211': 'Productions végétales, cultures spécialisées et protection des cultures',
  '212': 'Productions animales, élevage spécialisé, aquaculture, soins aux animaux',
  '213': 'Forêts, espaces naturels, faune sauvage, pêche',
  '214': 'Aménagement paysager (parcs, jardins, espaces verts, terrains de sport)',
  '220': 'Spécialités pluritechnologiques des transformations',
  '221': 'Agro-alimentaire, alimentation, cuisine',
  '227': 'Énergie, génie climatique',
  '230': 'Spécialités pluritechnologiques génie civil, construction, bois',
  '232': 'Bâtiment : construction et couverture',
  '233': 'Bâtiment : finitions',
  '250': 'Spécialités pluritechnologiques mécanique-électricité',
  '255': 'Électricité, électronique',
  '310': 'Spécialités plurivalentes des échanges et de la gestion',
  '311': 'Transport, manutention, magasinage',
  '312': 'Commerce, vente',
  '313': 'Finances, banque, assurances, immobilier',
  '314': 'Comptabilité, gestion',
  '315': 'Ressources humaines, gestion du personnel, gestion de l’emploi',
  '320': 'Spécialités plurivalentes de la communication et de l’information',
  '326': 'Informatique, traitement de l’information, réseaux de transmission',
  '330': 'Spécialités plurivalentes sanitaires et sociales',
  '331': 'Santé',
  '333': 'Enseignement, formation',
  '341': 'Aménagement du territoire, développement, urbanisme',
  '343': 'Nettoyage, assainissement, protection de l’environnement',
  '344': 'Sécurité des biens et des personnes, police, surveillance',
  '410': 'Spécialités concernant plusieurs capacités',
  '413': 'Développement des capacités comportementales et relationnelles',
  '415': 'Développement des capacités d’orientation, d’insertion ou de réinsertion sociales et professionnelles',
} as const satisfies Record<string, string>;
export type NsfCode = keyof typeof nsfCodes;
export const nsfCodeList = Object.keys(nsfCodes) as NsfCode[];
/** How many specialities frame F-4 names one by one; the others are summed on one line. */
export const NSF_MAIN_SPECIALITIES = 5;

/** Frame E: who delivers the training hours. */
export const trainerStatuses = ['internal', 'external'] as const;
export type TrainerStatus = (typeof trainerStatuses)[number];
export const trainerStatusLines: Record<TrainerStatus, { code: string; label: string; short: string }> = {
  internal: { code: 'E 1', label: 'Personnes de votre organisme dispensant des heures de formation', short: 'Interne' },
  external: { code: 'E 2', label: 'Personnes ou organismes extérieurs (dont sous-traitants) dispensant des heures de formation', short: 'Externe' },
};

/** The first and last years a BPF may be asked for. */
export const BPF_FIRST_YEAR = 2000;
export const BPF_LAST_YEAR = 2100;

export const bpfMessages = {
  yearInvalid: `L’année doit être comprise entre ${BPF_FIRST_YEAR} et ${BPF_LAST_YEAR}.`,
  traineeTypeInvalid: 'Type de stagiaire inconnu.',
  fundingLineInvalid: 'Ligne de financement inconnue.',
  objectiveInvalid: 'Objectif de formation inconnu.',
  nsfInvalid: 'Code NSF inconnu.',
  trainerStatusInvalid: 'Choisissez « Interne » ou « Externe ».',
  enrolmentNotFound: 'Inscription introuvable.',
  courseNotFound: 'Formation introuvable.',
  trainerNotFound: 'Formateur introuvable.',
  missingTraineeType: 'Type de stagiaire (cadre F-1) non renseigné',
  missingFundingLine: 'Origine du financement (cadre C) non renseignée',
  missingObjective: 'Objectif de la formation (cadre F-3) non renseigné',
  missingNsf: 'Spécialité NSF (cadre F-4) non renseignée',
  missingTrainerStatus: 'Formateur interne ou externe (cadre E) non renseigné',
  saved: 'Classement enregistré.',
} as const;

/** A civil year in a path: four digits, within the bounds; anything else is 422 with a French message. */
export const bpfYearParamsSchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, bpfMessages.yearInvalid)
    .transform(Number)
    .pipe(z.number().int().min(BPF_FIRST_YEAR, bpfMessages.yearInvalid).max(BPF_LAST_YEAR, bpfMessages.yearInvalid)),
});
export const bpfQuerySchema = z.object({ format: z.enum(['json', 'csv']).optional() });

export const enrolmentClassificationBodySchema = z.strictObject({
  trainee_type: z.enum(traineeTypes, { error: bpfMessages.traineeTypeInvalid }).nullable().optional(),
  funding_line: z.enum(fundingLines, { error: bpfMessages.fundingLineInvalid }).nullable().optional(),
});
export type EnrolmentClassificationBody = z.infer<typeof enrolmentClassificationBodySchema>;

export const courseClassificationBodySchema = z.strictObject({
  objective: z.enum(trainingObjectives, { error: bpfMessages.objectiveInvalid }).nullable().optional(),
  nsf_code: z.enum(nsfCodeList as [NsfCode, ...NsfCode[]], { error: bpfMessages.nsfInvalid }).nullable().optional(),
});
export type CourseClassificationBody = z.infer<typeof courseClassificationBodySchema>;

export const trainerClassificationBodySchema = z.strictObject({
  status: z.enum(trainerStatuses, { error: bpfMessages.trainerStatusInvalid }).nullable(),
});
export type TrainerClassificationBody = z.infer<typeof trainerClassificationBodySchema>;

export const enrolmentClassificationSchema = z.object({
  enrolment_id: z.number().int(),
  trainee_type: z.enum(traineeTypes).nullable(),
  funding_line: z.enum(fundingLines).nullable(),
});
export type EnrolmentClassification = z.infer<typeof enrolmentClassificationSchema>;
export const courseClassificationSchema = z.object({
  course_id: z.number().int(),
  objective: z.enum(trainingObjectives).nullable(),
  nsf_code: z.enum(nsfCodeList as [NsfCode, ...NsfCode[]]).nullable(),
});
export type CourseClassification = z.infer<typeof courseClassificationSchema>;
export const trainerClassificationSchema = z.object({ user_id: z.number().int(), status: z.enum(trainerStatuses).nullable() });
export type TrainerClassification = z.infer<typeof trainerClassificationSchema>;

/** One line of a frame: the Cerfa's code and label, and its figures (amounts in cents, hours with two decimals). */
export const bpfLineSchema = z.object({
  key: z.string(),
  code: z.string(),
  label: z.string(),
  /** Frame C: revenue excluding VAT, in cents. */
  amount_cents: z.number().int().optional(),
  /** Frames E and F: how many people. */
  count: z.number().int().optional(),
  /** Frames E and F: hours of training. */
  hours: z.number().optional(),
  /** A « dont » line, already counted in the line above it. */
  detail: z.boolean().optional(),
});
export type BpfLine = z.infer<typeof bpfLineSchema>;

export const bpfAnomalySchema = z.object({
  kind: z.enum(['enrolment', 'course', 'trainer']),
  id: z.number().int(),
  /** What is missing, in French. */
  missing: z.array(z.string()),
  label: z.string(),
  /** The enrolment's course (its title is in `label`). */
  course_id: z.number().int().nullable(),
  trainee_type: z.enum(traineeTypes).nullable().optional(),
  funding_line: z.enum(fundingLines).nullable().optional(),
  objective: z.enum(trainingObjectives).nullable().optional(),
  nsf_code: z.string().nullable().optional(),
  status: z.enum(trainerStatuses).nullable().optional(),
});
export type BpfAnomaly = z.infer<typeof bpfAnomalySchema>;

export const bpfReportSchema = z.object({
  year: z.number().int(),
  frames: z.object({
    c: z.array(bpfLineSchema),
    e: z.array(bpfLineSchema),
    f1: z.array(bpfLineSchema),
    f3: z.array(bpfLineSchema),
    f4: z.array(bpfLineSchema),
  }),
  anomalies: z.array(bpfAnomalySchema),
});
export type BpfReport = z.infer<typeof bpfReportSchema>;

/** The BPF's hours of a stretch of time: seconds to hours with two decimals. */
export function hoursOf(seconds: number): number {
  return Math.round((seconds / 3600) * 100) / 100;
}
