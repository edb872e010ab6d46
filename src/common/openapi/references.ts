import type { OpenAPIObject } from '@nestjs/swagger';
import type { OpenApiNode } from './openapi-node';

const COMPONENT = '#/components/schemas/';

interface Wrapper {
  parent: OpenApiNode;
  key: string;
  component: string;
  /** The keywords beside the one-part `allOf`, which OpenAPI 3.0 would ignore beside a bare `$ref`. */
  siblings: OpenApiNode;
}

/**
 * OpenAPI 3.0 ignores every keyword beside a `$ref`, so a reference that carries a description, a default, `nullable`
 * or (a PATCH body) `minProperties` comes out wrapped in a one-part `allOf`, which generators read as a composition.
 * Each wrapper becomes a plain schema: when every use of a component carries the same keywords, they move onto the
 * component and the uses become bare references; otherwise the use gets its own copy of the component with its
 * keywords. Components nothing refers to any more are dropped.
 */
export function inlineSingleReferences(source: OpenAPIObject): OpenAPIObject {
  const document = structuredClone(source);
  const schemas = (document.components?.schemas ?? {}) as Record<string, OpenApiNode>;
  const wrappers = findWrappers(document);
  const uses = countReferences(document);
  const byComponent = new Map<string, Wrapper[]>();
  for (const wrapper of wrappers) byComponent.set(wrapper.component, [...(byComponent.get(wrapper.component) ?? []), wrapper]);
  for (const [component, wrapped] of byComponent) {
    const shared = JSON.stringify(wrapped[0].siblings);
    const sameEverywhere = wrapped.length === uses.get(component) && wrapped.every((wrapper) => JSON.stringify(wrapper.siblings) === shared);
    if (sameEverywhere) Object.assign(schemas[component], wrapped[0].siblings);
    for (const { parent, key, siblings } of wrapped) {
      parent[key] = sameEverywhere ? { $ref: `${COMPONENT}${component}` } : { ...structuredClone(schemas[component]), ...siblings };
    }
  }
  dropUnreferenced(document, schemas);
  return document;
}

function findWrappers(document: OpenAPIObject): Wrapper[] {
  const found: Wrapper[] = [];
  const visit = (node: unknown, parent: OpenApiNode | undefined, key: string): void => {
    if (typeof node !== 'object' || node === null) return;
    const schema = node as OpenApiNode;
    const only = Array.isArray(schema.allOf) && schema.allOf.length === 1 ? schema.allOf[0] : undefined;
    if (parent && typeof only?.$ref === 'string' && only.$ref.startsWith(COMPONENT)) {
      const { allOf: _allOf, ...siblings } = schema;
      // Swagger writes the component's `type` beside `nullable`; the component states it already.
      delete siblings.type;
      found.push({ parent, key, component: only.$ref.slice(COMPONENT.length), siblings });
      return;
    }
    for (const [childKey, child] of Object.entries(schema)) visit(child, schema, childKey);
  };
  visit(document, undefined, '');
  return found;
}

/** How many times each component is referenced anywhere in the document. */
function countReferences(document: OpenApiNode): Map<string, number> {
  const counts = new Map<string, number>();
  JSON.stringify(document, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT)) {
      const name = value.slice(COMPONENT.length);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return value;
  });
  return counts;
}

function dropUnreferenced(document: OpenAPIObject, schemas: Record<string, OpenApiNode>): void {
  for (let dropped = true; dropped;) {
    const uses = countReferences(document);
    const unused = Object.keys(schemas).filter((name) => !uses.has(name));
    unused.forEach((name) => delete schemas[name]);
    dropped = unused.length > 0;
  }
}
