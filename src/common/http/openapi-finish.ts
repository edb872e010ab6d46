import type { OpenAPIObject } from '@nestjs/swagger';

type TypedSchema = { type?: string; nullable?: boolean; oneOf?: { type?: string }[] };

type Operation = {
  description?: string;
  security?: unknown[];
  'x-required-scope'?: string;
  'x-rate-limit'?: { limit?: number; description?: string };
};

/**
 * What the route decorators cannot say on their own, added to the generated document once:
 * - each operation's description opens with its scope and rate limit (declared as extensions, which Swagger UI
 *   shows only at the bottom of an operation, and readers look at the top);
 * - operations without a key say so with an empty `security`, rather than leaving it unstated;
 * - a nullable property whose alternatives share one type (a date or a date-time) states that type, which
 *   OpenAPI 3.0 requires beside `nullable` and Swagger leaves out beside `oneOf`.
 */
export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  for (const schema of Object.values(document.components?.schemas ?? {}) as { properties?: Record<string, TypedSchema> }[]) {
    for (const property of Object.values(schema.properties ?? {})) {
      const types = new Set((property.oneOf ?? []).map((alternative) => alternative.type));
      if (property.nullable && !property.type && types.size === 1) property.type = [...types][0];
    }
  }
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      if (!operation || typeof operation !== 'object') continue;
      operation.security ??= [];
      const scope = operation['x-required-scope'];
      const limit = operation['x-rate-limit'];
      if (!scope && !limit) continue;
      const notes = [
        scope ? `**Scope:** \`${scope}\`` : undefined,
        limit?.limit ? `**Limit:** ${limit.limit} requests per minute per account` : limit?.description ? `**Limits:** ${limit.description}` : undefined,
      ].filter(Boolean);
      operation.description = [notes.join(' · '), operation.description].filter(Boolean).join('\n\n');
    }
  }
  return document;
}
