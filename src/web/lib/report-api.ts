import { useMutation } from '@tanstack/react-query';
import { ReportReceipt, type ReportRequest } from '../../contracts/moderation.js';
import { apiRequest } from './api-client.js';

/** POST /api/reports: the answer carries the confirmation the reporter is shown. */
export function useReport() {
  return useMutation({
    mutationFn: (report: ReportRequest) =>
      apiRequest('/api/reports', { method: 'POST', body: report, schema: ReportReceipt }),
  });
}
