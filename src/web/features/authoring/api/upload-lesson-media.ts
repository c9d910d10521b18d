import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorLesson } from '../../../../shared/learning';
import { uploadWithProgress } from '../../../lib/api-client';
import { authoringKeys } from './keys';

export interface MediaLessonInput {
  courseId: number;
  /** Adds a lesson to this chapter… */
  sectionId?: number;
  /** …or replaces the files of this lesson. */
  lessonId?: number;
  /** Text fields of a new lesson (title, type, duration_minutes, is_preview), or `remove_captions`. */
  fields: Record<string, string>;
  file: File | null;
  captions: File | null;
  onProgress: (percent: number) => void;
}

/**
 * `POST /api/sections/{id}/lessons/media` (a new video or PDF lesson with its file, in one call)
 * or `PUT /api/lessons/{id}/media` (a new file or captions), with real upload progress.
 * The text fields go first, so the server knows the lesson's type before the file arrives.
 */
export function uploadLessonMedia({ sectionId, lessonId, fields, file, captions, onProgress }: MediaLessonInput): Promise<AuthorLesson> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file);
  if (captions) form.append('captions', captions);
  if (lessonId !== undefined) return uploadWithProgress<AuthorLesson>(`/api/lessons/${lessonId}/media`, form, { method: 'PUT', onProgress });
  return uploadWithProgress<AuthorLesson>(`/api/sections/${sectionId}/lessons/media`, form, { onProgress });
}

export function useUploadLessonMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLessonMedia,
    onSuccess: async (lesson, { courseId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
        queryClient.invalidateQueries({ queryKey: authoringKeys.lesson(lesson.id) }),
      ]);
    },
  });
}

