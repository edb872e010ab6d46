import type { OpenAPIObject } from '@nestjs/swagger';

type TypedSchema = { type?: string; nullable?: boolean; anyOf?: { type?: string }[] };

type Operation = {
  description?: string;
  security?: unknown[];
  'x-required-scope'?: string;
  'x-rate-limit'?: { limit?: number; per?: string; description?: string };
};

/**
 * What the route decorators cannot say on their own, added to the generated document once:
 * - each operation's description opens with its scope and rate limit (declared as extensions, which Swagger UI
 *   shows only at the bottom of an operation, and readers look at the top);
 * - operations without a key say so with an empty `security`, rather than leaving it unstated;
 * - a nullable property whose alternatives share one type (a date or a date-time) states that type, which
 *   OpenAPI 3.0 requires beside `nullable` and Swagger leaves out beside `anyOf`;
 * - a reference Swagger wraps as `allOf: [ref]` with nothing beside it is the reference itself (a wrapper with a
 *   description, `nullable` or `minProperties` beside it stays: OpenAPI 3.0 ignores whatever sits beside a `$ref`);
 * - `info.contact`, which Swagger fills with `{}`, is left out: the service is self-hosted, and whoever runs it is
 *   the contact.
 */
export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  delete document.info.contact;
  for (const schema of Object.values(document.components?.schemas ?? {}) as { properties?: Record<string, TypedSchema> }[]) {
    for (const property of Object.values(schema.properties ?? {})) {
      const types = new Set((property.anyOf ?? []).map((alternative) => alternative.type));
      if (property.nullable && !property.type && types.size === 1) property.type = [...types][0];
    }
  }
  unwrapBareReferences(document);
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      if (!operation || typeof operation !== 'object') continue;
      operation.security ??= [];
      const scope = operation['x-required-scope'];
      const limit = operation['x-rate-limit'];
      if (!scope && !limit) continue;
      const notes = [
        scope ? `**Scope:** \`${scope}\`` : undefined,
        limit?.limit
          ? `**Limit:** ${limit.limit} requests per minute per ${limit.per ?? 'account'}`
          : limit?.description
            ? `**Limits:** ${limit.description}`
            : undefined,
      ].filter(Boolean);
      operation.description = [notes.join(' · '), operation.description].filter(Boolean).join('\n\n');
    }
  }
  return document;
}

/** Replaces each `{allOf: [x]}` that has nothing beside it with `x`, anywhere below `node`. */
function unwrapBareReferences(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    const wrapper = value as { allOf?: unknown[] } | null;
    if (wrapper && typeof wrapper === 'object' && Array.isArray(wrapper.allOf) && wrapper.allOf.length === 1 && Object.keys(wrapper).length === 1) {
      (node as Record<string, unknown>)[key] = wrapper.allOf[0];
    }
    unwrapBareReferences((node as Record<string, unknown>)[key]);
  }
}
