import { ParseUUIDPipe, PipeTransform, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PARAMTYPES_METADATA, PATH_METADATA, PIPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { NO_SCOPE_NEEDED, REQUIRED_SCOPE } from '../../common/auth/auth.decorators';
import type { Scope } from '../../common/auth/scopes';
import type { ApiDocument, OperationKey } from '../../common/openapi/api-document';
import { perMinuteLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import type { McpTool } from './mcp-tool';

type Schema = Record<string, unknown>;

/** What a tool inherits from its `/v1` twin: read from the twin's route metadata once, at start. */
export interface TwinContract {
  operation: OperationKey;
  /** The twin's scope, or none where any valid credential may call it (`get_me`). */
  scope: Scope | typeof NO_SCOPE_NEEDED;
  perMinute: number;
  pathParameters: string[];
  queryParameters: string[];
  /** The DTO classes the twin's ValidationPipe checks its body and query with. */
  body?: Type<object>;
  query?: Type<object>;
  /** The pipes of the twin's `@Body(…)`, run after validation as Nest runs them (RequireAnyFieldPipe on an update). */
  bodyPipes: PipeTransform[];
}

/** A tool that disagrees with its twin: what the start-up check reports (other errors are the app's own). */
export class TwinMismatch extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/** Route arguments a tool call has nothing to fill with. */
const UNAVAILABLE_INPUTS: Partial<Record<RouteParamtypes, string>> = {
  [RouteParamtypes.HEADERS]: 'request headers',
  [RouteParamtypes.RAW_BODY]: 'the raw body',
  [RouteParamtypes.FILE]: 'an uploaded file',
  [RouteParamtypes.FILES]: 'uploaded files',
};

/** Types the ValidationPipe lets through unchecked (its `toValidate`). */
const UNCHECKED_TYPES = new Set<unknown>([String, Boolean, Number, Array, Object, Buffer, Date, undefined]);

/**
 * Reads what a tool's twin route declares (scope, limit, path, body and query DTOs, body pipes) and checks that the
 * OpenAPI operation agents are shown describes the same input the tool's validation accepts. Throws with every
 * disagreement found; the catalogue refuses to start on it.
 */
export function twinContract(twin: McpTool['twin'], apiDocument: ApiDocument): TwinContract {
  const { controller, handler } = twin;
  const method = (controller.prototype as Record<string, unknown>)[handler];
  if (typeof method !== 'function' || Reflect.getMetadata(METHOD_METADATA, method) === undefined) {
    throw new TwinMismatch(['not a route']);
  }
  const scope = Reflect.getMetadata(REQUIRED_SCOPE, method) as Scope | typeof NO_SCOPE_NEEDED | undefined;
  const perMinute = perMinuteLimit(controller, method);
  if (!scope || perMinute === undefined) throw new TwinMismatch(['declares no scope or limit']);
  const route = [Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, method)] as (string | undefined)[];
  const path = `/${route
    .flatMap((part) => (part ?? '').split('/'))
    .filter(Boolean)
    .join('/')}`;
  const pathParameters = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const operation = { method: RequestMethod[Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod], path: path.replace(/:(\w+)/g, '{$1}') };
  // A controller no module serves, or a route hidden from the document, has no schema to show agents.
  if (!apiDocument.hasOperation(operation)) throw new TwinMismatch([`${operation.method} ${operation.path} is not in the OpenAPI document`]);
  const queryParameters = apiDocument.queryParameterNames(operation);

  const problems: string[] = [];
  const types = (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, handler) ?? []) as unknown[];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, { index: number; data?: unknown; pipes: unknown[] }>;
  const inputs: Partial<Record<'body' | 'query', { type: Type<object>; pipes: unknown[] }>> = {};
  const boundParameters: string[] = [];
  for (const [key, arg] of Object.entries(args)) {
    // Custom decorators (`@Caller()`) have keys of their own and read the request, not the input.
    const kind = Number(key.split(':')[0]) as RouteParamtypes;
    if (kind === RouteParamtypes.BODY || kind === RouteParamtypes.QUERY) {
      const part = kind === RouteParamtypes.BODY ? 'body' : 'query';
      const type = types[arg.index];
      if (arg.data !== undefined) problems.push(`reads one ${part} field (${String(arg.data)}), not a DTO`);
      else if (UNCHECKED_TYPES.has(type)) problems.push(`its ${part} is not a DTO class, so nothing would validate it`);
      else inputs[part] = { type: type as Type<object>, pipes: arg.pipes };
    } else if (kind === RouteParamtypes.PARAM) {
      // The runner answers 404 to an id that is not a UUID, as IdParam's pipe does.
      if (!arg.pipes.some((pipe) => pipe === ParseUUIDPipe || pipe instanceof ParseUUIDPipe)) {
        problems.push(`its path parameter ${String(arg.data)} is not an id (@IdParam)`);
      }
      boundParameters.push(String(arg.data));
    } else if (UNAVAILABLE_INPUTS[kind]) {
      problems.push(`reads ${UNAVAILABLE_INPUTS[kind]}, which a tool call has none of`);
    }
  }
  if (Reflect.getMetadata(PIPES_METADATA, controller) || Reflect.getMetadata(PIPES_METADATA, method)) {
    problems.push('has @UsePipes(), which the tool runner does not apply');
  }
  if (inputs.query?.pipes.length) problems.push('its query has pipes, which the tool runner does not apply');
  const unbound = pathParameters.filter((name) => !boundParameters.includes(name));
  if (unbound.length > 0) problems.push(`its path parameters ${unbound.join(', ')} are not read as ids`);

  const bodyPipes = (inputs.body?.pipes ?? []).flatMap((pipe) => {
    if (typeof pipe !== 'function') return [pipe as PipeTransform];
    // Nest builds a pipe class with its injector; the runner can only build one that needs nothing.
    if (pipe.length > 0) {
      problems.push(`its body pipe ${pipe.name} needs injected dependencies, which the tool runner cannot give`);
      return [];
    }
    return [new (pipe as Type<PipeTransform>)()];
  });

  const body = apiDocument.bodySchema(operation);
  if (body && !inputs.body) problems.push('the schema shows a body it does not validate');
  if (!body && inputs.body) problems.push(`validates a body (${inputs.body.type.name}) the schema does not show`);
  if (body && inputs.body) problems.push(...disagreements('body field', body.properties, body.required, inputs.body.type));
  const requiresAnyField = bodyPipes.some((pipe) => pipe instanceof RequireAnyFieldPipe);
  if (body && ((body.minProperties as number | undefined) ?? 0) > 0 !== requiresAnyField) {
    problems.push(
      requiresAnyField
        ? 'refuses a body that changes nothing (RequireAnyFieldPipe), which the schema does not say (minProperties)'
        : 'the schema wants at least one body field (minProperties), which it does not check (RequireAnyFieldPipe)',
    );
  }
  const parameters = apiDocument.parametersSchema(operation);
  const queryProperties = Object.fromEntries(Object.entries(parameters.properties as Schema).filter(([name]) => queryParameters.includes(name)));
  const queryRequired = ((parameters.required as string[] | undefined) ?? []).filter((name) => queryParameters.includes(name));
  if (inputs.query) problems.push(...disagreements('query parameter', queryProperties, queryRequired, inputs.query.type));
  else if (queryParameters.length > 0) problems.push(`the schema shows query parameters (${queryParameters.join(', ')}) it does not validate`);

  if (problems.length > 0) throw new TwinMismatch(problems);
  return { operation, scope, perMinute, pathParameters, queryParameters, body: inputs.body?.type, query: inputs.query?.type, bodyPipes };
}

/**
 * Where a schema's fields and a DTO's validation part: a field shown that validation refuses (the ValidationPipe
 * keeps only decorated fields and refuses the rest), one validated that is not shown, or one required by either alone.
 */
function disagreements(what: string, properties: unknown, required: unknown, dto: Type<object>): string[] {
  const shown = Object.keys((properties ?? {}) as Schema);
  const shownRequired = new Set((required ?? []) as string[]);
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
  const validated = [...new Set(metadata.map((rule) => rule.propertyName))];
  // @IsOptional() and @ValidateIf() both make a field's other rules conditional.
  const optional = new Set(metadata.filter((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION).map((rule) => rule.propertyName));
  const problems: string[] = [];
  for (const name of shown.filter((field) => !validated.includes(field))) problems.push(`the schema shows ${what} ${name}, which ${dto.name} refuses`);
  for (const name of validated.filter((field) => !shown.includes(field))) problems.push(`${dto.name} takes ${what} ${name}, which the schema does not show`);
  for (const name of shown.filter((field) => validated.includes(field) && shownRequired.has(field) === optional.has(field))) {
    problems.push(
      `${what} ${name} is ${shownRequired.has(name) ? 'required by the schema but optional in' : 'optional in the schema but required by'} ${dto.name}`,
    );
  }
  return problems;
}
