import { ApiClient, ApiResponse } from './api-client';
import type { TestAccount } from './factories';

/** Each call answers the 404 of an unknown id: how another account's record must look. */
export async function expectNotFound(...calls: Promise<ApiResponse>[]): Promise<void> {
  for (const response of await Promise.all(calls)) {
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: { error: 'Not found' } });
  }
}

/** GET, PATCH and DELETE of another account's record answer exactly as for an unknown id. */
export function expectHiddenFrom(intruder: TestAccount, recordPath: string, patch: object): Promise<void> {
  return expectNotFound(intruder.api.get(recordPath), intruder.api.patch(recordPath, patch), intruder.api.delete(recordPath));
}

/** [path, method, scope, limit per minute] of an operation as the OpenAPI document must show it. */
export type DocumentedOperation = [path: string, method: 'get' | 'post' | 'patch' | 'delete', scope: string, limit: number];

/** Asserts that /docs-json documents each operation with its scope, limit, Bearer auth and the error answers every route has. */
export async function expectDocumented(baseUrl: string, operations: DocumentedOperation[]): Promise<Record<string, any>> {
  const document = (await new ApiClient(baseUrl).get('/docs-json')).body;
  for (const [path, method, scope, limit] of operations) {
    const operation = document.paths[path]?.[method];
    expect({ path, method, documented: operation !== undefined }).toEqual({ path, method, documented: true });
    expect(operation['x-required-scope']).toBe(scope);
    expect(operation['x-rate-limit']).toMatchObject({ limit });
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
  }
  return document;
}
