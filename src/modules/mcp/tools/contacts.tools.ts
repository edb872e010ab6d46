import { Injectable } from '@nestjs/common';
import { ContactsController } from '../../contacts/contacts.controller';
import { ContactsService } from '../../contacts/contacts.service';
import { McpTool, McpToolset } from '../mcp-tool';
import { saved } from '../../../common/http/responses';

const twin = (handler: keyof ContactsController) => ({ controller: ContactsController, handler });

@Injectable()
export class ContactsTools implements McpToolset {
  constructor(private readonly contacts: ContactsService) {}

  tools(): McpTool[] {
    return [
      {
        name: 'list_contacts',
        title: 'List contacts',
        effect: 'read',
        description:
          "List the user's professional contacts (recruiters, hiring managers, referrals …). `search` matches name, " +
          'company or email; `relationship` filters by kind.',
        twin: twin('list'),
        run: (caller, { query }) => this.contacts.list(caller, query),
      },
      {
        name: 'create_contact',
        title: 'Add a contact',
        effect: 'create',
        description: 'Add a contact; firstName is required. Use the returned id as contactId when adding an interview.',
        twin: twin('create'),
        run: async (caller, { body }) => saved(await this.contacts.create(caller, body)),
      },
      {
        name: 'update_contact',
        title: 'Update a contact',
        effect: 'update',
        description: 'Change fields of a contact; null clears an optional field.',
        twin: twin('update'),
        run: async (caller, { params, body }) => {
          await this.contacts.update(caller, params.id, body);
          return saved(params.id);
        },
      },
    ];
  }
}
