/** The server's OpenAPI document (demo → API docs). */
import { queryOptions } from '@tanstack/react-query';
import { isOpenApiDoc, type OpenApiDoc } from '../pages/demo/api-doc/openapi';
import { request } from './request';

/** An answer that is no OpenAPI document (an HTML page, an empty body): worded when shown, in the language then. */
export class NotADocumentError extends Error {
  override name = 'NotADocumentError';
}

export async function getOpenApiDocument(): Promise<OpenApiDoc> {
  const answer = await request<OpenApiDoc>({ url: '/api/openapi.json', method: 'get' });
  // Anything but a document (an HTML page, an empty answer) is a failure, not an empty API.
  if (!isOpenApiDoc(answer)) throw new NotADocumentError('not an OpenAPI document');
  return answer;
}

export const openApiQueries = {
  all: ['openapi'] as const,
  document: () =>
    queryOptions({ queryKey: [...openApiQueries.all, 'document'], queryFn: getOpenApiDocument, staleTime: 5 * 60_000 }),
};
