import { Injectable } from '@nestjs/common';
import { EventsController } from '../../events/events.controller';
import { EventsService } from '../../events/events.service';
import { McpTool, McpToolset } from '../mcp-tool';

@Injectable()
export class EventsTools implements McpToolset {
  constructor(private readonly events: EventsService) {}

  tools(): McpTool[] {
    return [
      {
        name: 'list_events',
        title: 'List recent changes',
        effect: 'read',
        description:
          "What changed in the user's applications, interviews, resumes and cover letters, oldest first (kept 30 days): " +
          'e.g. a tailoring that finished (`application.prepared`) or a status change. To catch up, pass the last event id ' +
          'you saw as `after`, and call again with the last id of the page while `hasMore` is true.',
        twin: { controller: EventsController, handler: 'list' },
        run: (caller, { query }) => this.events.list(caller, query),
      },
    ];
  }
}
