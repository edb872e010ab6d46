import { Injectable } from '@nestjs/common';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ApiCaller } from '../../common/auth/api-caller';
import { ResumesService } from '../resumes/resumes.service';
import { TrackerService } from '../tracker/tracker.service';

/**
 * A readable resource: a URI template whose read is a tool call (so it has the tool's scope, limit and checks, and
 * is listed only to a key that may call the tool).
 */
export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  description: string;
  /** The tool whose result is the resource's content; the URI's `{id}` is its `id` argument. */
  tool: string;
  /** Lists the caller's resources of this kind; a template without it is itself the one resource. */
  list?(caller: ApiCaller): Promise<{ uri: string; name: string }[]>;
}

/** How many resources of a kind resources/list names: the newest; the rest are reachable through their template. */
const LISTED = 50;

@Injectable()
export class McpResources {
  constructor(
    private readonly resumes: ResumesService,
    private readonly tracker: TrackerService,
  ) {}

  templates(): McpResourceTemplate[] {
    return [
      {
        uriTemplate: 'career://profile',
        name: 'Career profile',
        description: "The user's identity as every resume shows it",
        tool: 'get_profile',
      },
      {
        uriTemplate: 'career://resumes/{id}',
        name: 'Resume',
        description: 'A resume with its settings and resolved content',
        tool: 'get_resume',
        list: async (caller) =>
          (await this.resumes.list(caller, { limit: LISTED, offset: 0 })).data.map((resume) => ({
            uri: `career://resumes/${resume.id}`,
            name: `Resume: ${resume.name}${resume.isDefault ? ' (default)' : ''}`,
          })),
      },
      {
        uriTemplate: 'career://applications/{id}',
        name: 'Job application',
        description: 'A tracked application with its job description, timeline, interviews and tailoring report',
        tool: 'get_application',
        list: async (caller) =>
          (await this.tracker.list(caller, { limit: LISTED, offset: 0 })).data.map((application) => ({
            uri: `career://applications/${application.id}`,
            name: `Application: ${application.jobTitle} at ${application.company} (${application.status})`,
          })),
      },
    ];
  }

  /** The template and tool arguments a URI names. */
  match(uri: string): { template: McpResourceTemplate; args: Record<string, string> } {
    for (const template of this.templates()) {
      const pattern = new RegExp(`^${template.uriTemplate.replace('{id}', '(?<id>[^/]+)')}$`);
      const found = pattern.exec(uri);
      if (found) return { template, args: { ...found.groups } };
    }
    throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri}`);
  }
}
