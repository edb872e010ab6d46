import { Injectable } from '@nestjs/common';
import { ProfileController } from '../../profile/profile.controller';
import { ProfileService } from '../../profile/profile.service';
import { ResumeExportsController } from '../../resumes/export/resume-exports.controller';
import { ResumeExportsService } from '../../resumes/export/resume-exports.service';
import { ResumesController } from '../../resumes/resumes.controller';
import { SECTION_CONTROLLERS } from '../../resumes/resumes.module';
import { ResumesService } from '../../resumes/resumes.service';
import { SECTION_KINDS } from '../../resumes/sections/section-kinds';
import { SectionsService } from '../../resumes/sections/sections.service';
import { McpTool, McpToolFamily, McpToolMember, McpToolset, ToolContent, ToolEffect } from '../mcp-tool';
import { deleted, item, saved } from '../../../common/http/responses';

const resumeTwin = (handler: keyof ResumesController) => ({ controller: ResumesController, handler });
const profileTwin = (handler: keyof ProfileController) => ({ controller: ProfileController, handler });
const SECTIONS = SECTION_KINDS.map((kind) => kind.name).join(', ');

@Injectable()
export class ResumesTools implements McpToolset {
  constructor(
    private readonly resumes: ResumesService,
    private readonly sections: SectionsService,
    private readonly profiles: ProfileService,
    private readonly exports: ResumeExportsService,
  ) {}

  tools(): (McpTool | McpToolFamily)[] {
    return [
      {
        name: 'get_profile',
        title: 'Read the career profile',
        effect: 'read',
        description: "Read the user's career profile: the identity (name, contact details, links, job title) every resume shows.",
        twin: profileTwin('get'),
        run: async (caller) => item(await this.profiles.get(caller)),
      },
      {
        name: 'update_profile',
        title: 'Update the career profile',
        effect: 'update',
        description: 'Change identity fields of the profile (fullName, email, phone, address, links, photoUrl, jobTitle); null clears one.',
        twin: profileTwin('update'),
        run: async (caller, { body }) => item(await this.profiles.update(caller, body)),
      },
      {
        name: 'list_resumes',
        title: 'List resumes',
        effect: 'read',
        description: "List the user's resumes, the default (base) one first.",
        twin: resumeTwin('list'),
        run: (caller, { query }) => this.resumes.list(caller, query),
      },
      {
        name: 'get_resume',
        title: 'Read a resume',
        effect: 'read',
        description: 'Read a resume with its settings and its resolved content: what the CV shows, in order, hidden items left out.',
        twin: resumeTwin('get'),
        run: async (caller, { params }) => item(await this.resumes.get(caller, params.id)),
      },
      {
        name: 'create_resume',
        title: 'Create a resume',
        effect: 'create',
        description:
          'Create a resume. It starts as a copy of the default resume’s content; then reorder (itemOrder), hide ' +
          '(hiddenItems) or pick a summary (selectedSummaryId) for one target job without touching the original.',
        twin: resumeTwin('create'),
        run: async (caller, { body }) => saved(await this.resumes.create(caller, body)),
      },
      {
        name: 'update_resume',
        title: 'Update a resume',
        effect: 'update',
        description: 'Change a resume’s name, jobTitle, template (classic, modern, minimal), item order, hidden items, summary or design.',
        twin: resumeTwin('update'),
        run: async (caller, { params, body }) => {
          await this.resumes.update(caller, params.id, body);
          return saved(params.id);
        },
      },
      {
        name: 'export_resume_pdf',
        title: 'Export a resume as PDF',
        effect: 'read',
        description:
          'Render a resume as a PDF with its template and design settings, exactly as get_resume shows its content. ' +
          'Returns the file as an embedded resource (application/pdf, base64).',
        twin: { controller: ResumeExportsController, handler: 'pdf' },
        run: async (caller, { params }) => {
          const { filename, file } = await this.exports.pdf(caller, params.id);
          return new ToolContent([
            { type: 'text', text: `${filename} (${file.length} bytes)` },
            { type: 'resource', resource: { uri: `career://resumes/${params.id}/pdf`, mimeType: 'application/pdf', blob: file.toString('base64') } },
          ]);
        },
      },
      this.sectionFamily(
        'list_section_items',
        'List section items',
        'read',
        'list',
        `List the items of one content section (${SECTIONS}) of a resume (cvId; the default resume when left out).`,
        (kind) => ({
          run: (caller, { query }) => this.sections.list(kind, caller, query),
        }),
      ),
      this.sectionFamily(
        'add_section_item',
        'Add a section item',
        'create',
        'create',
        `Add an item to a content section (${SECTIONS}) of a resume (cvId; the default resume when left out).`,
        (kind) => ({
          run: async (caller, { query, body }) => saved(await this.sections.create(kind, caller, query.cvId, body)),
        }),
      ),
      this.sectionFamily(
        'update_section_item',
        'Update a section item',
        'update',
        'update',
        'Change fields of a section item (id) of a resume; null clears a nullable field.',
        (kind) => ({
          run: async (caller, { params, query, body }) => {
            await this.sections.update(kind, caller, params.id, query.cvId, body);
            return saved(params.id);
          },
        }),
      ),
      this.sectionFamily(
        'delete_section_item',
        'Delete a section item',
        'delete',
        'remove',
        'Delete a section item (id) from a resume, permanently.',
        (kind) => ({
          run: async (caller, { params, query }) => {
            await this.sections.remove(kind, caller, params.id, query.cvId);
            return deleted();
          },
        }),
      ),
    ];
  }

  /** One tool over the section kinds: each member's twin is that kind's controller's `handler`. */
  private sectionFamily(
    name: string,
    title: string,
    effect: ToolEffect,
    handler: 'list' | 'create' | 'update' | 'remove',
    description: string,
    member: (kind: (typeof SECTION_KINDS)[number]) => Omit<McpToolMember, 'twin'>,
  ): McpToolFamily {
    const members = SECTION_KINDS.map((kind) => [kind.name, { twin: { controller: this.controllerOf(kind.name), handler }, ...member(kind) }]);
    return { name, title, effect, description, selector: 'section', members: Object.fromEntries(members) };
  }

  private controllerOf(section: string) {
    const controller = SECTION_CONTROLLERS.get(section as (typeof SECTION_KINDS)[number]['name']);
    if (!controller) throw new Error(`No controller for section ${section}`);
    return controller;
  }
}
