import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ApiDocument } from '../../common/openapi/api-document';
import { isToolFamily, MCP_TOOLSETS, McpTool, McpToolFamily, McpToolMember, McpToolset } from './mcp-tool';
import { twinContract, TwinContract, TwinMismatch } from './mcp-twin-contract';

/**
 * Every tool of every toolset with what it inherits from its `/v1` twin, built once as the app starts (app.setup.ts
 * hands over the OpenAPI document before). Like RouteDeclarationsCheck for routes, it refuses to start, naming each
 * tool and what is wrong, when two tools share a name or a tool's twin is missing or shows agents another input than
 * the one its validation takes.
 */
@Injectable()
export class McpToolCatalogue implements OnApplicationBootstrap {
  private readonly tools = new Map<string, McpTool | McpToolFamily>();
  private readonly contracts = new Map<McpToolMember, TwinContract>();

  constructor(
    @Inject(MCP_TOOLSETS) private readonly toolsets: McpToolset[],
    private readonly apiDocument: ApiDocument,
  ) {}

  onApplicationBootstrap(): void {
    const problems: string[] = [];
    for (const tool of this.toolsets.flatMap((toolset) => toolset.tools())) {
      if (this.tools.has(tool.name)) problems.push(`two tools are named ${tool.name}`);
      this.tools.set(tool.name, tool);
      const members = isToolFamily(tool)
        ? Object.entries(tool.members).map(([name, member]) => [`${tool.name} with ${tool.selector} ${name}`, member] as const)
        : [[tool.name, tool] as const];
      for (const [label, member] of members) {
        try {
          this.contracts.set(member, twinContract(member.twin, this.apiDocument));
        } catch (error) {
          if (!(error instanceof TwinMismatch)) throw error;
          const twin = `${member.twin.controller.name}.${member.twin.handler}`;
          problems.push(...error.problems.map((problem) => `${label} (twin ${twin}): ${problem}`));
        }
      }
    }
    if (problems.length > 0) throw new Error(`MCP tools must match their /v1 twins: ${problems.join('; ')}`);
  }

  all(): (McpTool | McpToolFamily)[] {
    return [...this.tools.values()];
  }

  get(name: string): McpTool | McpToolFamily | undefined {
    return this.tools.get(name);
  }

  contract(tool: McpToolMember): TwinContract {
    const contract = this.contracts.get(tool);
    if (!contract) throw new Error(`No twin contract for the MCP tool of ${tool.twin.controller.name}.${tool.twin.handler}`);
    return contract;
  }
}
