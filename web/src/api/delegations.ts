/** Delegations (server module `delegations`): the list, form, imports, batch writes and review. */
import type {
  DelegationBatchRow,
  DelegationBody,
  DelegationExportQuery,
  DelegationPageQuery,
  DelegationReviewBody,
  DelegationUpdateBody,
  DelegationVO,
  ImportMode,
  ImportReport,
} from '@baton/contracts';
import {
  blob,
  type ImportMapping,
  importSheet,
  type ListQuery,
  pageApi,
  recordApi,
  request,
  type WriteMode,
} from './request';

export const delegationApi = {
  page: pageApi<DelegationVO, ListQuery<DelegationPageQuery>>('/api/v1/delegations'),
  ...recordApi<DelegationVO, DelegationBody, DelegationUpdateBody>('/api/v1/delegations'),
  export: (params: ListQuery<DelegationExportQuery>) => blob('/api/v1/delegations/export', params),
  template: () => blob('/api/v1/delegations/template'),
  import: (file: File, meetingId: number, mode: ImportMode, mapping?: ImportMapping) =>
    importSheet('/api/v1/delegations/import', file, { meetingId, mode }, mapping),
  batch: (meetingId: number, rows: DelegationBatchRow[], mode: WriteMode) =>
    request<ImportReport>({
      url: '/api/v1/delegations/batch',
      method: 'post',
      params: { mode },
      data: { meetingId, rows },
    }),
  fromCustomers: (meetingId: number, customerIds: number[], mode: WriteMode) =>
    request<ImportReport>({
      url: '/api/v1/delegations/from-customers',
      method: 'post',
      params: { mode },
      data: { meetingId, customerIds },
    }),
  review: (id: number, data: DelegationReviewBody) =>
    request<DelegationVO>({ url: `/api/v1/delegations/${id}/review`, method: 'post', data }),
};

export const delegationQueries = {
  all: ['delegation'] as const,
  list: () => [...delegationQueries.all, 'list'] as const,
};
