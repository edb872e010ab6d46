import type { Type } from '@nestjs/common';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ApiCaller } from '../../common/auth/api-caller';

/**
 * The input of a tool call, split and validated as its `/v1` twin's would be. `body` and `query` are instances of the
 * twin's DTO classes, which are read from the route as the app starts: a tool passes them on as its twin does.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface McpToolInput {
  /** Path parameters (ids), already checked to be well formed. */
  params: Record<string, string>;
  body: any;
  query: any;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * A tool is a `/v1` operation offered to agents. It names its twin route and runs the same service call; all else is
 * the twin's own, read from the route's metadata and its OpenAPI operation as the app starts (McpToolCatalogue): the
 * scope, the rate limit bucket, the input schema, and the DTO classes and body pipes that validate the input. So no
 * rule has a second implementation, and a twin whose schema and validation part stops the start.
 */
export interface McpTool {
  name: string;
  /** For people: what a client shows when it asks whether to run the tool. */
  title: string;
  /** Written for a model: what the tool does and when to use it. */
  description: string;
  effect: ToolEffect;
  twin: { controller: Type<unknown>; handler: string };
  /** The call reaches outside this service (fetches a page the user names): the client is told so (openWorldHint). */
  reachesOutside?: true;
  run(caller: ApiCaller, input: McpToolInput): Promise<unknown>;
}

/**
 * One tool that stands for several `/v1` operations of the same shape, one per value of its `selector` argument
 * (the content sections: `add_section_item` with `section: "skills"` is `POST /v1/skills`). The picked member's
 * item fields come in `fields`; its other arguments (ids, `cvId`) sit beside the selector.
 */
export interface McpToolFamily {
  name: string;
  title: string;
  description: string;
  effect: ToolEffect;
  selector: string;
  members: Record<string, McpToolMember>;
}

/** A family member: the family gives the name, title, description and effect. */
export type McpToolMember = Omit<McpTool, 'name' | 'title' | 'description' | 'effect'>;

/** What a call does to the user's data, which the tool's annotations tell a client (to ask before a change, say). */
export type ToolEffect = 'read' | 'create' | 'update' | 'delete';

/**
 * The MCP annotations of each effect. Updates overwrite what was there (destructive) but repeating one changes
 * nothing more (idempotent); a create repeated makes a second record. Every tool acts on this service's own
 * data only (openWorldHint false; job search reads the service's own listings), unless it says `reachesOutside`.
 */
export const TOOL_ANNOTATIONS: Record<ToolEffect, Omit<ToolAnnotations, 'title'>> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  update: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

/** A feature's tools; every toolset is registered under MCP_TOOLSETS. */
export interface McpToolset {
  tools(): (McpTool | McpToolFamily)[];
}

export function isToolFamily(tool: McpTool | McpToolFamily): tool is McpToolFamily {
  return 'members' in tool;
}

export const MCP_TOOLSETS = Symbol('MCP_TOOLSETS');

/** A tool result that is not JSON (a PDF): its MCP content as it is to be sent. */
export class ToolContent {
  constructor(readonly content: CallToolResult['content']) {}
}
