import { z } from 'zod';
import { opportunityTypes } from './opportunities';
import { regionSlugs } from './regions';

/** Each list of the « Votre activité » panel (issue 26) holds at most this many items. */
export const ACTIVITY_LIST_SIZE = 5;

/** `GET /api/user/activity`: what happened for the signed-in person since they last looked. */
export const activitySchema = z.object({
  unread_messages: z.object({
    count: z.number().int(),
    latest: z.array(z.object({ conversation_id: z.number().int(), from_name: z.string(), excerpt: z.string(), at: z.string() })),
  }),
  /** Threads they follow with replies by others since they last opened them. */
  new_replies: z.array(z.object({ thread_id: z.number().int(), course_id: z.number().int(), course_title: z.string(), thread_title: z.string(), at: z.string() })),
  /** Opportunities posted in the last 14 days in their domains (none chosen: the latest). */
  new_opportunities: z.array(z.object({ id: z.number().int(), title: z.string(), type: z.enum(opportunityTypes), region: z.enum(regionSlugs), at: z.string() })),
});
export type Activity = z.infer<typeof activitySchema>;
