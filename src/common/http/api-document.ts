import { Global, Injectable, Module, type Type } from '@nestjs/common';
import { DECORATORS, type OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;

/**
 * The service's own OpenAPI document, handed over once by app.setup.ts. Other parts describe operations from it
 * (the MCP tools take their twin's input schema) so that there is one description of every input.
 */
@Injectable()
export class ApiDocument {
  private document?: OpenAPIObject;

  use(document: OpenAPIObject): void {
    this.document = document;
  }

  /** The input of an operation as one JSON schema: path and query parameters and the body's properties. */
  inputSchema(operationId: string): Schema {
    const parameters = this.parametersSchema(operationId);
    const body = this.bodySchema(operationId);
    const properties = { ...(parameters.properties as Record<string, Schema>) };
    for (const [name, property] of Object.entries((body?.properties ?? {}) as Record<string, Schema>)) {
      if (properties[name]) throw new Error(`${operationId}: body field ${name} collides with a parameter`);
      properties[name] = property;
    }
    return objectSchema(properties, [...((parameters.required as string[] | undefined) ?? []), ...((body?.required as string[] | undefined) ?? [])]);
  }

  /** An operation's path and query parameters as one object schema. */
  parametersSchema(operationId: string): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const parameter of (this.findOperation(operationId).parameters ?? []) as Schema[]) {
      const name = parameter.name as string;
      properties[name] = { ...(this.inline(parameter.schema as Schema) as Schema), description: parameter.description };
      if (parameter.required) required.push(name);
    }
    return objectSchema(properties, required);
  }

  /** An operation's JSON body schema, with its references inlined; undefined when it takes no body. */
  bodySchema(operationId: string): Schema | undefined {
    const content = (this.findOperation(operationId).requestBody as Schema | undefined)?.content as Record<string, { schema: Schema }> | undefined;
    return content?.['application/json'] ? (this.inline(content['application/json'].schema) as Schema) : undefined;
  }

  /** Names of an operation's query parameters: what of a flat set of arguments goes to the query string. */
  queryParameterNames(operationId: string): string[] {
    return ((this.findOperation(operationId).parameters ?? []) as Schema[]).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name as string);
  }

  private findOperation(operationId: string): Schema {
    if (!this.document) throw new Error('The OpenAPI document has not been handed over yet');
    for (const pathItem of Object.values(this.document.paths)) {
      for (const operation of Object.values(pathItem) as Schema[]) {
        if (operation?.operationId === operationId) return operation;
      }
    }
    throw new Error(`No operation ${operationId} in the OpenAPI document`);
  }

  /**
   * Replaces `$ref`s with the schemas they name, so a schema stands on its own, and folds a one-part `allOf` (how the
   * document wraps a reference it adds to, e.g. a PATCH body's `minProperties`) into the schema around it.
   */
  private inline(schema: unknown, depth = 0): unknown {
    if (depth > 20 || typeof schema !== 'object' || schema === null) return schema;
    if (Array.isArray(schema)) return schema.map((item) => this.inline(item, depth + 1));
    const { $ref: ref, allOf, ...rest } = schema as Schema;
    if (typeof ref === 'string') {
      const name = ref.replace('#/components/schemas/', '');
      return this.inline(this.document?.components?.schemas?.[name], depth + 1);
    }
    if (Array.isArray(allOf) && allOf.length === 1) return { ...(this.inline(allOf[0], depth + 1) as Schema), ...(this.inline(rest, depth + 1) as Schema) };
    return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, this.inline(value, depth + 1)]));
  }
}

/** The operationId a handler declares with `@ApiOperation`: how the document and the MCP tools name one operation. */
export function operationIdOf(controller: Type<unknown>, handler: string): string {
  const method = (controller.prototype as Record<string, object>)[handler];
  const operationId = (Reflect.getMetadata(DECORATORS.API_OPERATION, method) as { operationId?: string } | undefined)?.operationId;
  if (!operationId) throw new Error(`${controller.name}.${handler} declares no operationId`);
  return operationId;
}

function objectSchema(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

@Global()
@Module({ providers: [ApiDocument], exports: [ApiDocument] })
export class ApiDocumentModule {}
