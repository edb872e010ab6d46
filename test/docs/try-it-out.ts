import type { ApiClient } from '../setup/api-client';

export type Schema = { [keyword: string]: any };
export type Document = { paths: Record<string, Record<string, Schema>> };

/** Every operation of the document with the given method, in the document's order. */
export function operations(document: Document, method: string): { path: string; operation: Schema }[] {
  return Object.entries(document.paths).flatMap(([path, item]) => (item[method] ? [{ path, operation: item[method] }] : []));
}

/**
 * A webhook's URL, and a job page to save, must resolve to public addresses, which a test machine without DNS or
 * network cannot offer, so their examples cannot succeed in these tests; test/modules/webhooks and
 * test/modules/tracker/from-url cover those operations on loopback.
 */
export function reachesOutside(path: string): boolean {
  return path.startsWith('/v1/webhooks') || path === '/v1/tracker/applications/from-url';
}

/** The prefilled request body of an operation, as Swagger UI shows it. */
export function requestExample(operation: Schema): Record<string, unknown> | undefined {
  return operation.requestBody?.content?.['application/json']?.example;
}

/**
 * What a user of a fresh account types into "Try it out" besides the prefilled values: the ids of records that
 * must exist first (made with the document's own examples, as the user would make them), by operation path.
 */
export interface TypedIds {
  path: Record<string, Record<string, string>>;
  body: Record<string, Record<string, string>>;
}

export async function createRecordsToName(document: Document, api: ApiClient): Promise<TypedIds> {
  const create = async (path: string, idField = 'id'): Promise<string> => {
    const response = await api.post(path, requestExample(document.paths[path].post));
    if (response.status !== 201) throw new Error(`POST ${path} with its example answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body[idField];
  };
  const resume = await create('/v1/resume');
  const application = await create('/v1/tracker/applications', 'applicationId');
  const section = await create('/v1/custom-sections');
  return {
    path: {
      '/v1/tracker/applications/{id}/interviews': { id: application },
      '/v1/tracker/applications/{id}/activities': { id: application },
      '/v1/resume/{id}/export/pdf': { id: resume },
      '/v1/resume/{id}/tailoring': { id: resume },
      '/v1/custom-sections/{id}/items': { id: section },
    },
    body: { '/v1/cover-letter': { cvId: resume } },
  };
}

/** The path with its parameters filled in. */
export function fillPath(path: string, ids: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (!ids[name]) throw new Error(`${path}: no record to name in {${name}}`);
    return ids[name];
  });
}
