/**
 * A node of the generated OpenAPI document as the finishing passes walk it: any keyword, any value. The document's
 * own types (@nestjs/swagger's) are a union per keyword that each pass would have to narrow at every step.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiNode = { [keyword: string]: any };
