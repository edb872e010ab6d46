import { Inject, Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { ApiCaller } from '../../common/auth/api-caller';
import { ApiDocument } from '../../common/http/api-document';
import { isToolFamily, MCP_TOOLSETS, McpTool, McpToolFamily, McpToolset, ToolContent } from './mcp-tool';
import { findPrompt, MCP_PROMPTS, promptListing } from './mcp-prompts';
import { McpResources } from './mcp-resources';
import { McpToolRunner, ToolOutcome, twinContract, TwinContract } from './mcp-tool-runner';

export const MCP_SERVER_INFO = { name: 'career-api', version: '1.0.0' };

type JsonSchema = Record<string, unknown>;

interface ToolListing {
  name: string;
  description: string;
  inputSchema: { type: 'object' } & JsonSchema;
}

/**
 * Builds the MCP server for one request of one caller (the endpoint is stateless, so any instance can answer any
 * call). Tools come from every toolset; what each inherits from its twin is read once, on first use, because the
 * OpenAPI document it needs exists only once the app is set up.
 */
@Injectable()
export class McpServerFactory {
  private readonly contracts = new WeakMap<object, TwinContract>();
  private catalogue?: { tools: Map<string, McpTool | McpToolFamily>; listings: ToolListing[] };

  constructor(
    @Inject(MCP_TOOLSETS) private readonly toolsets: McpToolset[],
    private readonly runner: McpToolRunner,
    private readonly apiDocument: ApiDocument,
    private readonly resources: McpResources,
  ) {}

  create(caller: ApiCaller): Server {
    const server = new Server(MCP_SERVER_INFO, {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        "Career API: the user's job applications, resumes, career profile and a job-listing search. " +
        'Every tool acts on the account of the API key in use, with that key’s scopes and rate limits.',
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools().listings }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const outcome = await this.callTool(caller, request.params.name, request.params.arguments ?? {});
      if (outcome.ok && outcome.result instanceof ToolContent) return { isError: false, content: outcome.result.content };
      const payload = outcome.ok ? outcome.result : outcome.error;
      return { isError: !outcome.ok, content: [{ type: 'text' as const, text: JSON.stringify(payload, null, 2) }] };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: this.resources
        .templates()
        .filter((template) => template.uriTemplate.includes('{'))
        .map(({ uriTemplate, name, description }) => ({ uriTemplate, name, description, mimeType: 'application/json' })),
    }));
    server.setRequestHandler(ListResourcesRequestSchema, async () => {
      const listed = await Promise.all(
        this.resources.templates().map(async (template) => {
          if (!template.list) return [{ uri: template.uriTemplate, name: template.name, description: template.description, mimeType: 'application/json' }];
          if (!caller.scopes.includes(template.list.scope)) return [];
          return (await template.list.resources(caller)).map((resource) => ({ ...resource, mimeType: 'application/json' }));
        }),
      );
      return { resources: listed.flat() };
    });
    server.setRequestHandler(ReadResourceRequestSchema, (request) => this.readResource(caller, request.params.uri));
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: MCP_PROMPTS.map(promptListing) }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      const args = request.params.arguments ?? {};
      const prompt = findPrompt(request.params.name, args);
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

  private callTool(caller: ApiCaller, name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    const tool = this.tools().tools.get(name);
    if (!tool) return Promise.resolve({ ok: false, error: { error: `Unknown tool ${name}` } });
    return isToolFamily(tool) ? this.runFamily(tool, caller, args) : this.runner.run(tool, this.contract(tool), caller, args);
  }

  /** A resource read is its tool's call: same scope, limit and checks; a refusal is a protocol error with the same body. */
  private async readResource(caller: ApiCaller, uri: string): Promise<ReadResourceResult> {
    const { template, args } = this.resources.match(uri);
    const outcome = await this.callTool(caller, template.tool, args);
    if (!outcome.ok) throw new McpError(ErrorCode.InvalidParams, String(outcome.error.error), outcome.error);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(outcome.result, null, 2) }] };
  }

  private async runFamily(family: McpToolFamily, caller: ApiCaller, args: Record<string, unknown>): Promise<ToolOutcome> {
    const { [family.selector]: selected, fields = {}, ...rest } = args;
    const member = typeof selected === 'string' ? family.members[selected] : undefined;
    if (!member) {
      const allowed = Object.keys(family.members).join(', ');
      return { ok: false, error: { error: 'Validation failed', details: { [family.selector]: [`must be one of: ${allowed}`] } } };
    }
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      return { ok: false, error: { error: 'Validation failed', details: { fields: ['must be an object'] } } };
    }
    const tool = { ...member, name: family.name, description: family.description };
    return this.runner.run(tool, this.contract(member), caller, { ...rest, ...fields });
  }

  private contract(tool: Omit<McpTool, 'name' | 'description'>): TwinContract {
    let contract = this.contracts.get(tool);
    if (!contract) {
      contract = twinContract(tool, this.apiDocument);
      this.contracts.set(tool, contract);
    }
    return contract;
  }

  private tools() {
    if (this.catalogue) return this.catalogue;
    const tools = new Map<string, McpTool | McpToolFamily>();
    for (const tool of this.toolsets.flatMap((toolset) => toolset.tools())) {
      if (tools.has(tool.name)) throw new Error(`Two MCP tools are named ${tool.name}`);
      tools.set(tool.name, tool);
    }
    const listings = [...tools.values()].map((tool) => (isToolFamily(tool) ? this.familyListing(tool) : this.toolListing(tool)));
    this.catalogue = { tools, listings };
    return this.catalogue;
  }

  private toolListing(tool: McpTool): ToolListing {
    const contract = this.contract(tool);
    return {
      name: tool.name,
      description: `${tool.description} (scope ${contract.scope}; ${contract.perMinute} calls per minute)`,
      inputSchema: this.apiDocument.inputSchema(contract.operationId) as ToolListing['inputSchema'],
    };
  }

  /** The selector, the members' parameters side by side, and `fields`: one of the members' bodies. */
  private familyListing(family: McpToolFamily): ToolListing {
    const names = Object.keys(family.members);
    const contracts = names.map((name) => [name, this.contract(family.members[name])] as const);
    const parameters: Record<string, JsonSchema> = {};
    const required = new Set<string>([family.selector]);
    for (const [, contract] of contracts) {
      const schema = this.apiDocument.parametersSchema(contract.operationId);
      Object.assign(parameters, schema.properties);
      for (const name of (schema.required as string[] | undefined) ?? []) required.add(name);
    }
    const bodies = contracts.flatMap(([name, contract]) => {
      const body = this.apiDocument.bodySchema(contract.operationId);
      return body ? [{ title: name, ...body }] : [];
    });
    const fields = bodies.length > 0 ? { fields: { type: 'object', description: `The item's fields, as the chosen ${family.selector}'s /v1 body takes them`, anyOf: bodies } } : {};
    if (bodies.length > 0) required.add('fields');
    const scopes = [...new Set(contracts.map(([, contract]) => contract.scope.split(':')[1]))];
    return {
      name: family.name,
      description: `${family.description} (scope <${family.selector}>:${scopes.join('/')}; the ${family.selector}'s /v1 limit)`,
      inputSchema: {
        type: 'object',
        properties: { [family.selector]: { type: 'string', enum: names }, ...parameters, ...fields },
        required: [...required],
        additionalProperties: false,
      },
    };
  }
}
