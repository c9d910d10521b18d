import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseOutline, LessonCompletion, LessonContent } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { learningKeys } from './keys';

export interface CompleteLessonInput {
  courseId: number;
  lessonId: number;
}

/** `POST /api/lessons/{id}/complete`: the course's progress once the lesson counts as done. */
export function completeLesson({ lessonId }: CompleteLessonInput): Promise<LessonCompletion> {
  return apiFetch<LessonCompletion>(`/api/lessons/${lessonId}/complete`, { method: 'POST' });
}

/** The outline with the lesson's check mark set. */
export function markCompleted(outline: CourseOutline, lessonId: number): CourseOutline {
  return {
    ...outline,
    sections: outline.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((lesson) => (lesson.id === lessonId ? { ...lesson, completed: true } : lesson)),
    })),
  };
}

/**
 * The check mark, the progress and the course's completion show at once from the answer; "Mes
 * formations" reloads when next opened.
 */
export function useCompleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: (progress, { courseId, lessonId }) => {
      queryClient.setQueryData<CourseOutline>(learningKeys.outline(courseId), (outline) => outline && { ...markCompleted(outline, lessonId), completed_at: progress.completed_at });
      queryClient.setQueryData<LessonContent>(learningKeys.lesson(lessonId), (lesson) => lesson && { ...lesson, completed: true });
      return queryClient.invalidateQueries({ queryKey: learningKeys.mine });
    },
  });
}
