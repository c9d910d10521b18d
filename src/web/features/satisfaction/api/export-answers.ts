import { useMutation } from '@tanstack/react-query';
import { downloadFile, toQuery } from '../../../lib/api-client';
import { answersPath } from './get-answers';
import type { AnswersScope } from './keys';

export interface ExportAnswersInput {
  scope: AnswersScope;
  course: number | null;
}

/** `GET /api/{formateur|admin}/satisfaction/export?course=`: the CSV file (UTF-8 with BOM, `;`), saved under the server's name. */
export function exportAnswers({ scope, course }: ExportAnswersInput): Promise<void> {
  return downloadFile(`${answersPath[scope]}/export${toQuery({ course })}`, 'avis-satisfaction.csv');
}

export function useExportAnswers() {
  return useMutation({ mutationFn: exportAnswers });
}
