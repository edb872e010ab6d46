import { Injectable } from '@nestjs/common';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ResumeListItem } from '../resumes/dto/resume.dto';
import type { ApplicationSummary } from '../tracker/dto/application.dto';

type ApplicationListItem = Pick<ApplicationSummary, 'id' | 'jobTitle' | 'company' | 'status'>;

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
  /**
   * How resources/list names the caller's resources of this kind: a call of the list tool `tool` (its scope, its /v1
   * limit and its checks, as any tool call), each item of its page one resource. A template without it is itself the
   * one resource.
   */
  list?: { tool: string; resource(item: never): { uri: string; name: string } };
}

/** How many resources of a kind resources/list names: the newest; the rest are reachable through their template. */
export const LISTED = 50;

@Injectable()
export class McpResources {
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
        list: {
          tool: 'list_resumes',
          resource: (resume: ResumeListItem) => ({
            uri: `career://resumes/${resume.id}`,
            name: `Resume: ${resume.name}${resume.isDefault ? ' (default)' : ''}`,
          }),
        },
      },
      {
        uriTemplate: 'career://applications/{id}',
        name: 'Job application',
        description: 'A tracked application with its job description, timeline, interviews and tailoring report',
        tool: 'get_application',
        list: {
          tool: 'list_applications',
          resource: (application: ApplicationListItem) => ({
            uri: `career://applications/${application.id}`,
            name: `Application: ${application.jobTitle} at ${application.company} (${application.status})`,
          }),
        },
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
