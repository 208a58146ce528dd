import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

export interface CodegenTable {
  name: string;
  comment: string;
  columnCount: number;
}

export interface GeneratedFile {
  path: string;
  language: 'typescript' | 'tsx';
  content: string;
}

export const listCodegenTables = () => request<CodegenTable[]>({ url: '/api/v1/codegen/tables', method: 'get' });

export const previewCodegen = (name: string) =>
  request<{ files: GeneratedFile[] }>({
    url: `/api/v1/codegen/tables/${encodeURIComponent(name)}/preview`,
    method: 'get',
  });

export const codegenQueries = {
  all: ['codegen'] as const,
  tables: () => queryOptions({ queryKey: [...codegenQueries.all, 'tables'], queryFn: listCodegenTables }),
  preview: (table: string | undefined) =>
    queryOptions({ queryKey: [...codegenQueries.all, 'preview', table], queryFn: () => previewCodegen(table!) }),
};
