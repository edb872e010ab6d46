import { Injectable } from '@nestjs/common';
import { item } from '../../../common/http/responses';
import { MeController } from '../../accounts/me.controller';
import { MeService } from '../../accounts/me.service';
import { McpTool, McpToolset } from '../mcp-tool';

@Injectable()
export class MeTools implements McpToolset {
  constructor(private readonly me: MeService) {}

  tools(): McpTool[] {
    return [
      {
        name: 'get_me',
        title: 'Show the account and its permissions',
        effect: 'read',
        description:
          "The user's account: plan, what it opens (`allows.autoPrepare`, `allows.coverLetters`), and the scopes this connection " +
          'holds. Call it before offering a Plus-only action (autoPrepare, cover letters) to know whether it will work.',
        twin: { controller: MeController, handler: 'get' },
        run: async (caller) => item(await this.me.describe(caller)),
      },
    ];
  }
}
