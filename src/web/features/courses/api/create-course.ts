import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail } from '../../../../shared/courses';
import { uploadWithProgress } from '../../../lib/api-client';
import { courseFormData, type CourseFiles, type CourseFormFields } from './course-form-data';
import { courseKeys } from './keys';

export interface CreateCourseInput extends CourseFiles {
  fields: CourseFormFields;
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/** `POST /api/courses`: multipart with the image (required) and an optional attachment, real progress. */
export function createCourse({ fields, onProgress, ...files }: CreateCourseInput): Promise<CourseDetail> {
  return uploadWithProgress<CourseDetail>('/api/courses', courseFormData(fields, files), { onProgress });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
