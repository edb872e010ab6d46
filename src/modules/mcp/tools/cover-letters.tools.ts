import { Injectable } from '@nestjs/common';
import { CoverLettersController } from '../../cover-letters/cover-letters.controller';
import { CoverLettersService } from '../../cover-letters/cover-letters.service';
import { McpTool, McpToolset } from '../mcp-tool';
import { saved } from '../../../common/http/responses';

const twin = (handler: keyof CoverLettersController) => ({ controller: CoverLettersController, handler });

@Injectable()
export class CoverLettersTools implements McpToolset {
  constructor(private readonly coverLetters: CoverLettersService) {}

  tools(): McpTool[] {
    return [
      {
        name: 'create_cover_letter',
        title: 'Write a cover letter',
        effect: 'create',
        description:
          'Write a cover letter for one of the user’s resumes (cvId; a resume has at most one letter — on conflict the ' +
          'error gives existingId, update that one instead). Content is Markdown. Needs the Plus plan.',
        twin: twin('create'),
        run: async (caller, { body }) => saved(await this.coverLetters.create(caller, body)),
      },
      {
        name: 'update_cover_letter',
        title: 'Update a cover letter',
        effect: 'update',
        description: 'Change a cover letter’s title, content, template, variables or layout. Needs the Plus plan.',
        twin: twin('update'),
        run: async (caller, { params, body }) => {
          await this.coverLetters.update(caller, params.id, body);
          return saved(params.id);
        },
      },
    ];
  }
}
