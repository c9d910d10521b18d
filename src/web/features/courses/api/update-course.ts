import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail } from '../../../../shared/courses';
import { uploadWithProgress } from '../../../lib/api-client';
import { courseFormData, type CourseFiles, type CourseFormFields } from './course-form-data';
import { courseKeys } from './keys';

export interface UpdateCourseInput extends CourseFiles {
  id: number;
  fields: CourseFormFields;
  onProgress?: (percent: number) => void;
}

/** `PUT /api/courses/{id}`: the fields, plus the files to replace, with real progress. */
export function updateCourse({ id, fields, onProgress, ...files }: UpdateCourseInput): Promise<CourseDetail> {
  return uploadWithProgress<CourseDetail>(`/api/courses/${id}`, courseFormData(fields, files), { method: 'PUT', onProgress });
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
