import { RATING_MAX } from '../../../shared/satisfaction';

/** What each note means, said by screen readers and shown beside the stars. */
export const ratingMeanings: Record<number, string> = {
  1: 'Pas du tout satisfait',
  2: 'Peu satisfait',
  3: 'Moyennement satisfait',
  4: 'Satisfait',
  5: 'Très satisfait',
};

/** '4 sur 5' */
export function ratingOutOf(value: number): string {
  return `${value} sur ${RATING_MAX}`;
}

/** The accessible name of one star of the input: '4 sur 5 – Satisfait'. */
export function ratingLabel(value: number): string {
  const meaning = ratingMeanings[value];
  return meaning ? `${ratingOutOf(value)} – ${meaning}` : ratingOutOf(value);
}

/** Whether the learner may still change their answer. */
export function isEditable(answer: { editable_until: string }, now = Date.now()): boolean {
  return new Date(answer.editable_until).getTime() > now;
}
