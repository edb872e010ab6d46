import { HttpStatus, Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  ReadResourceResult,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NO_SCOPE_NEEDED, scopeAllows } from '../../common/auth/auth.decorators';
import type { Scope } from '../../common/auth/scopes';
import { ApiDocument } from '../../common/openapi/api-document';
import type { ListEnvelope } from '../../common/http/paging';
import { IDEMPOTENCY_KEY_SCHEMA } from '../../common/openapi/idempotency';
import { isToolFamily, McpTool, McpToolFamily, TOOL_ANNOTATIONS, ToolContent, ToolEffect } from './mcp-tool';
import { McpToolCatalogue } from './mcp-tool-catalogue';
import { findPrompt, MCP_PROMPTS, McpPrompt, promptListing } from './mcp-prompts';
import { LISTED, McpResources, McpResourceTemplate } from './mcp-resources';
import { IDEMPOTENCY_KEY_ARGUMENT, McpToolRunner, ToolOutcome } from './mcp-tool-runner';

export const MCP_SERVER_INFO = { name: 'career-api', version: '1.0.0' };

type JsonSchema = Record<string, unknown>;

/**
 * Builds the MCP server for one request of one caller (the endpoint is stateless, so any instance can answer any
 * call). Tools and what each inherits from its twin come from the catalogue, built and checked as the app starts.
 * The lists show a caller only what its key's scopes
 * allow; a call it may not make still answers the twin's 403 body, so that an agent learns the scope it lacks.
 */
@Injectable()
export class McpServerFactory {
  constructor(
    private readonly catalogue: McpToolCatalogue,
    private readonly runner: McpToolRunner,
    private readonly apiDocument: ApiDocument,
    private readonly resources: McpResources,
  ) {}

  create(caller: ApiCaller): Server {
    const server = new Server(MCP_SERVER_INFO, {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        "Career API: the user's job applications, resumes, career profile and a job-listing search. " +
        'Every tool acts on the account of the API key in use, with that key’s scopes and rate limits; the lists show ' +
        'only what the key may use.',
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.toolListings(caller) }));
    server.setRequestHandler(CallToolRequestSchema, (request) => this.callTool(caller, request.params.name, request.params.arguments ?? {}));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: this.readableTemplates(caller)
        .filter((template) => template.uriTemplate.includes('{'))
        .map(({ uriTemplate, name, description }) => ({ uriTemplate, name, description, mimeType: 'application/json' })),
    }));
    server.setRequestHandler(ListResourcesRequestSchema, async () => {
      const listed = await Promise.all(
        this.readableTemplates(caller).map(async ({ uriTemplate, name, description, list }) => {
          if (!list) return [{ uri: uriTemplate, name, description, mimeType: 'application/json' }];
          // A listing is its list tool's call: it counts against that tool's /v1 limit, as reading a resource does.
          const page = (await this.toolResult(caller, list.tool, { limit: LISTED, offset: 0 })) as ListEnvelope<never>;
          return page.data.map((item) => ({ ...list.resource(item), mimeType: 'application/json' }));
        }),
      );
      return { resources: listed.flat() };
    });
    server.setRequestHandler(ReadResourceRequestSchema, (request) => this.readResource(caller, request.params.uri));
    server.setRequestHandler(ListPromptsRequestSchema, () => ({
      prompts: MCP_PROMPTS.filter((prompt) => this.missingScope(caller, prompt) === undefined).map(promptListing),
    }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      const prompt = findPrompt(request.params.name, request.params.arguments ?? {});
      const missing = this.missingScope(caller, prompt);
      if (missing) throw new McpError(ErrorCode.InvalidParams, 'Insufficient scope', { error: 'Insufficient scope', requiredScope: missing });
      const given = request.params.arguments ?? {};
      const args = prompt.complete ? await prompt.complete(given, (tool, toolArgs) => this.toolResult(caller, tool, toolArgs)) : given;
      const embedded = await Promise.all(prompt.embeds(args).map((uri) => this.readResource(caller, uri).catch(() => undefined)));
      return {
        description: prompt.description,
        messages: [
          ...embedded.flatMap((read) => read?.contents.map((resource) => ({ role: 'user' as const, content: { type: 'resource' as const, resource } })) ?? []),
          { role: 'user' as const, content: { type: 'text' as const, text: prompt.instructions(args) } },
        ],
      };
    });
    return server;
  }

  /**
   * A tool's answer: JSON both as text (for clients that read only text) and as structuredContent (checked against
   * the outputSchema), a file as its own content, a refusal as an error result with the `/v1` error body. A tool
   * that does not exist is a protocol error, as the MCP spec has it.
   */
  private async callTool(caller: ApiCaller, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const outcome = await this.runTool(caller, name, args);
    // A kept answer says so, as the Idempotent-Replayed header does over HTTP.
    const meta = outcome.replayed ? { _meta: { idempotentReplayed: true } } : {};
    if (!outcome.ok) return { isError: true, content: [jsonText(outcome.error)], ...meta };
    if (outcome.result instanceof ToolContent) return { isError: false, content: outcome.result.content };
    return { isError: false, content: [jsonText(outcome.result)], structuredContent: outcome.result as Record<string, unknown>, ...meta };
  }

  private runTool(caller: ApiCaller, name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    const tool = this.catalogue.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return isToolFamily(tool) ? this.runFamily(tool, caller, args) : this.runner.run(tool, this.catalogue.contract(tool), caller, args);
  }

  /** A resource read is its tool's call: same scope, limit and checks; a refusal is a protocol error with the same body. */
  private async readResource(caller: ApiCaller, uri: string): Promise<ReadResourceResult> {
    const { template, args } = this.resources.match(uri);
    const result = await this.toolResult(caller, template.tool, args);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(result) }] };
  }

  /** A tool's result for a resources request, whose refusal (403, 404, 429) is a protocol error with the /v1 body. */
  private async toolResult(caller: ApiCaller, name: string, args: Record<string, unknown>): Promise<unknown> {
    const outcome = await this.runTool(caller, name, args);
    if (!outcome.ok) throw new McpError(ErrorCode.InvalidParams, String(outcome.error.error), outcome.error);
    return outcome.result;
  }

  private async runFamily(family: McpToolFamily, caller: ApiCaller, args: Record<string, unknown>): Promise<ToolOutcome> {
    const { [family.selector]: selected, fields = {}, ...rest } = args;
    // Own members only: `constructor`, `toString` or `__proto__` would otherwise find Object.prototype's.
    const member = typeof selected === 'string' && Object.hasOwn(family.members, selected) ? family.members[selected] : undefined;
    if (!member) {
      const allowed = Object.keys(family.members).join(', ');
      return {
        ok: false,
        status: HttpStatus.BAD_REQUEST,
        error: { error: 'Validation failed', details: { [family.selector]: [`must be one of: ${allowed}`] } },
      };
    }
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      return { ok: false, status: HttpStatus.BAD_REQUEST, error: { error: 'Validation failed', details: { fields: ['must be an object'] } } };
    }
    return this.runner.run({ ...member, name: family.name, effect: family.effect }, this.catalogue.contract(member), caller, { ...rest, ...fields });
  }

  /** Resource kinds whose tool the caller's key may call. */
  private readableTemplates(caller: ApiCaller): McpResourceTemplate[] {
    return this.resources.templates().filter((template) => this.allows(caller, template.tool));
  }

  /** The first scope a prompt's tools need that the caller's key lacks. */
  private missingScope(caller: ApiCaller, prompt: McpPrompt): Scope | undefined {
    return prompt.tools.map((name) => this.scopeOf(name)).find((scope): scope is Scope => !scopeAllows(caller.scopes, scope));
  }

  private allows(caller: ApiCaller, toolName: string): boolean {
    return scopeAllows(caller.scopes, this.scopeOf(toolName));
  }

  private scopeOf(toolName: string): Scope | typeof NO_SCOPE_NEEDED {
    const tool = this.catalogue.get(toolName);
    if (!tool || isToolFamily(tool)) throw new Error(`${toolName} is not a single MCP tool`);
    return this.catalogue.contract(tool).scope;
  }

  /** The tools the caller's key may call; of a family, the members it may call. */
  private toolListings(caller: ApiCaller): Tool[] {
    return this.catalogue.all().flatMap((tool) => {
      if (!isToolFamily(tool)) return scopeAllows(caller.scopes, this.catalogue.contract(tool).scope) ? [this.toolListing(tool)] : [];
      const allowed = Object.keys(tool.members).filter((name) => scopeAllows(caller.scopes, this.catalogue.contract(tool.members[name]).scope));
      return allowed.length > 0 ? [this.familyListing(tool, allowed)] : [];
    });
  }

  private toolListing(tool: McpTool): Tool {
    const contract = this.catalogue.contract(tool);
    return {
      name: tool.name,
      title: tool.title,
      description: `${tool.description} (${contract.scope === NO_SCOPE_NEEDED ? 'any scope' : `scope ${contract.scope}`}; ${contract.perMinute} calls per minute)`,
      inputSchema: withIdempotencyKey(tool.effect, this.apiDocument.inputSchema(contract.operation)) as Tool['inputSchema'],
      ...outputSchema([this.apiDocument.responseSchema(contract.operation)]),
      annotations: { title: tool.title, ...TOOL_ANNOTATIONS[tool.effect], ...(tool.reachesOutside && { openWorldHint: true }) },
    };
  }

  /** The selector, the members' parameters side by side, and `fields`: one of the members' bodies. */
  private familyListing(family: McpToolFamily, names: string[]): Tool {
    const contracts = names.map((name) => [name, this.catalogue.contract(family.members[name])] as const);
    const parameters: Record<string, JsonSchema> = {};
    const required = new Set<string>([family.selector]);
    for (const [, contract] of contracts) {
      const schema = this.apiDocument.parametersSchema(contract.operation);
      Object.assign(parameters, schema.properties);
      for (const name of (schema.required as string[] | undefined) ?? []) required.add(name);
    }
    const bodies = contracts.flatMap(([name, contract]) => {
      const body = this.apiDocument.bodySchema(contract.operation);
      return body ? [{ title: name, ...body }] : [];
    });
    const fields: Record<string, JsonSchema> = {};
    if (bodies.length > 0) {
      fields.fields = { type: 'object', description: `The item's fields, as the chosen ${family.selector}'s /v1 body takes them`, anyOf: bodies };
      required.add('fields');
    }
    const scopes = [...new Set(contracts.map(([, contract]) => contract.scope.split(':')[1]))];
    return {
      name: family.name,
      title: family.title,
      description: `${family.description} (scope <${family.selector}>:${scopes.join('/')}; the ${family.selector}'s /v1 limit)`,
      inputSchema: withIdempotencyKey(family.effect, {
        type: 'object',
        properties: {
          [family.selector]: { type: 'string', enum: names, description: `Which ${family.selector} to act on (each has its own scope)` },
          ...parameters,
          ...fields,
        },
        required: [...required],
        additionalProperties: false,
      }) as Tool['inputSchema'],
      ...outputSchema(contracts.map(([, contract]) => this.apiDocument.responseSchema(contract.operation))),
      annotations: { title: family.title, ...TOOL_ANNOTATIONS[family.effect] },
    };
  }
}

/**
 * The outputSchema of a tool whose twins answer these JSON bodies (one per family member); none when a twin's
 * answer is not JSON. MCP wants an object schema at the top, which a body made of `allOf` parts does not say itself.
 */
function outputSchema(schemas: (JsonSchema | undefined)[]): { outputSchema?: Tool['outputSchema'] } {
  if (schemas.length === 0 || schemas.some((schema) => schema === undefined)) return {};
  const distinct = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema as JsonSchema])).values()];
  return { outputSchema: distinct.length === 1 ? { type: 'object', ...distinct[0] } : { type: 'object', anyOf: distinct } };
}

/** A create tool also takes `idempotencyKey`, its twin's Idempotency-Key header. */
function withIdempotencyKey(effect: ToolEffect, schema: JsonSchema): JsonSchema {
  if (effect !== 'create') return schema;
  return { ...schema, properties: { ...(schema.properties as JsonSchema), [IDEMPOTENCY_KEY_ARGUMENT]: IDEMPOTENCY_KEY_SCHEMA } };
}

/**
 * A result as JSON text, written once and without indentation: beside structuredContent (which the transport writes
 * again) a large result (a long resume) was written twice over, the indented copy a third larger and escaped once more.
 */
function jsonText(value: unknown): { type: 'text'; text: string } {
  return { type: 'text', text: JSON.stringify(value) };
}
