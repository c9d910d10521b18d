/** The kinds of opportunity and their names, without zod: the « Votre activité » panel of the catalogue reads them (decision 056). */
export const opportunityTypes = ['job', 'internship', 'apprenticeship', 'volunteer', 'freelance', 'training_request'] as const;
export type OpportunityType = (typeof opportunityTypes)[number];

export const opportunityTypeLabels: Record<OpportunityType, string> = {
  job: 'Emploi',
  internship: 'Stage',
  apprenticeship: 'Alternance',
  volunteer: 'Bénévolat',
  freelance: 'Mission freelance',
  training_request: 'Demande de formation',
};
