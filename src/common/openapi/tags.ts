import { ApiTags, type OpenAPIObject } from '@nestjs/swagger';

const TAG_DESCRIPTIONS = new Map<string, string>();

/**
 * Tags a controller's operations and describes the tag, once, beside the controller that owns it; other controllers
 * of the same tag use `@ApiTags(name)`. The document lists every tag with its description (`describeTags`).
 */
export function ApiTag(name: string, description: string): ClassDecorator {
  TAG_DESCRIPTIONS.set(name, description);
  return ApiTags(name);
}

/** The document's global `tags`, in the order operations first use them; a tag nobody described stops the start. */
export function describeTags(document: OpenAPIObject): OpenAPIObject {
  const used = new Set<string>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as { tags?: string[] }[]) operation?.tags?.forEach((tag) => used.add(tag));
  }
  const undescribed = [...used].filter((tag) => !TAG_DESCRIPTIONS.has(tag));
  if (undescribed.length > 0) throw new Error(`OpenAPI tags without a description (declare them with @ApiTag): ${undescribed.join(', ')}`);
  document.tags = [...used].map((name) => ({ name, description: TAG_DESCRIPTIONS.get(name) }));
  return document;
}
