import { Injectable } from '@nestjs/common';
import { ResumeTailoringController } from '../../tailoring/resume-tailoring.controller';
import { TailoringService } from '../../tailoring/tailoring.service';
import { McpTool, McpToolset } from '../mcp-tool';

@Injectable()
export class TailoringTools implements McpToolset {
  constructor(private readonly tailoring: TailoringService) {}

  tools(): McpTool[] {
    return [
      {
        name: 'apply_tailoring',
        title: 'Save a tailored resume',
        effect: 'create',
        description:
          'Save your rewrite of a resume (id) for a job: the job is an application (applicationId) or its text (jobDescription, ' +
          'jobTitle); the rewrite is a new summary and, per experience or project id, a new description, responsibilities and ' +
          'achievements. The server drops every sentence that adds an employer, title, date, degree, certificate, number, URL or ' +
          'skill the resume does not show, keeps the original there, and saves the result on a new copy (copy: false: onto this ' +
          'resume, never the default one) with the rules engine’s order and hidden items. Answers the copy’s id and a report: ' +
          'each text before and after, what was hidden, matched and missing skills and where each was found, and the rejected sentences.',
        twin: { controller: ResumeTailoringController, handler: 'apply' },
        run: async (caller, { params, body }) => {
          const { id, report } = await this.tailoring.applyRewrite(caller, params.id, body);
          return { success: true, id, report };
        },
      },
    ];
  }
}
