import type { Executor } from '../../db/client';

/**
 * Stand-in for the provider module's `followUpSettings` (issue 27, being built on main): the same
 * signature and defaults. Once `provider` is merged, the follow-up imports it from `../provider`
 * and this file goes.
 */
export async function followUpSettings(_db: Executor): Promise<{ inactivityReminderDays: number; coldSurveyDays: number; evidenceRetentionYears: number }> {
  return { inactivityReminderDays: 7, coldSurveyDays: 60, evidenceRetentionYears: 6 };
}
