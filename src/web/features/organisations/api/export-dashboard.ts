import { useMutation } from '@tanstack/react-query';
import type { DashboardFilters } from '../../../../shared/organisations';
import { downloadFile, toQuery } from '../../../lib/api-client';

/** `GET /api/organisation/dashboard/export`: the whole table (same filters, every page) as a CSV file. */
export function exportDashboard(filters: Omit<DashboardFilters, 'page'>): Promise<void> {
  return downloadFile(`/api/organisation/dashboard/export${toQuery(filters)}`, 'progression.csv');
}

export function useExportDashboard() {
  return useMutation({ mutationFn: exportDashboard });
}
