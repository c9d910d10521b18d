import {
  fundingLineLabels,
  fundingLines,
  nsfCodeList,
  nsfCodes,
  traineeTypeLines,
  traineeTypes,
  trainerStatuses,
  trainerStatusLines,
  trainingObjectiveLines,
  trainingObjectives,
} from '../../../../shared/bpf';

/** The Cerfa's choices as the selects show them: code, then label. */
export const traineeTypeOptions = traineeTypes.map((value) => ({ value, label: `${traineeTypeLines[value].code} – ${traineeTypeLines[value].label}` }));
export const fundingLineOptions = fundingLines.map((value) => ({ value, label: `Ligne ${fundingLineLabels[value].code} – ${fundingLineLabels[value].label}` }));
export const objectiveOptions = trainingObjectives.map((value) => ({ value, label: `${trainingObjectiveLines[value].code} – ${trainingObjectiveLines[value].label}` }));
export const nsfOptions = nsfCodeList.map((value) => ({ value, label: `${value} – ${nsfCodes[value]}` }));
export const trainerStatusOptions = trainerStatuses.map((value) => ({ value, label: trainerStatusLines[value].short }));
