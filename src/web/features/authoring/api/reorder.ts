import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseOutline } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** Chapters of the course (`sectionId` absent) or lessons of one chapter, in their new order. */
export interface ReorderInput {
  courseId: number;
  sectionId?: number;
  ids: number[];
}

/** `PUT /api/courses/{id}/sections/order` or `PUT /api/sections/{id}/lessons/order`, with the full list of ids. */
export function reorder({ courseId, sectionId, ids }: ReorderInput): Promise<unknown> {
  const path = sectionId === undefined ? `/api/courses/${courseId}/sections/order` : `/api/sections/${sectionId}/lessons/order`;
  return apiFetch<unknown>(path, { method: 'PUT', body: { ids } });
}

function byIds<T extends { id: number }>(items: T[], ids: number[]): T[] {
  const found = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => found.get(id)).filter((item): item is T => item !== undefined);
}

/** The outline as it will be once the server agrees. */
export function reorderedOutline(outline: CourseOutline, { sectionId, ids }: ReorderInput): CourseOutline {
  if (sectionId === undefined) return { ...outline, sections: byIds(outline.sections, ids) };
  return { ...outline, sections: outline.sections.map((s) => (s.id === sectionId ? { ...s, lessons: byIds(s.lessons, ids) } : s)) };
}

/** Moves show at once; a refusal puts the previous order back. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    // One order at a time: two moves in quick succession sent side by side could reach the database in
    // the other order, and the page, once reloaded, showed the older one (seen in the authoring journey).
    scope: { id: 'outline-order' },
    onMutate: async (input) => {
      const key = authoringKeys.outline(input.courseId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CourseOutline>(key);
      if (previous) queryClient.setQueryData(key, reorderedOutline(previous, input));
      return { previous };
    },
    onError: (_error, input, context) => {
      if (context?.previous) queryClient.setQueryData(authoringKeys.outline(input.courseId), context.previous);
    },
    // Not awaited: the caller hears of a refusal at once, not after the reload of the outline.
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: authoringKeys.outline(input.courseId) });
    },
  });
}
