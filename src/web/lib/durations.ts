/**
 * A duration in minutes as people read it: "45 min", "1 h 30 min", "2 h"; each number is held to
 * its unit by a no-break space, so a narrow column never strands "min" on a line of its own.
 */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}\u00a0min`;
  return rest === 0 ? `${hours}\u00a0h` : `${hours}\u00a0h\u00a0${rest}\u00a0min`;
}

/** A course's size: "5 leçons · 1 h 20 min". */
export function lessonTotals(totalLessons: number, totalMinutes: number): string {
  return `${totalLessons} ${totalLessons > 1 ? 'leçons' : 'leçon'} · ${formatMinutes(totalMinutes)}`;
}
