import { Injectable } from '@nestjs/common';
import { JobsController } from '../../jobs/jobs.controller';
import { JobsService } from '../../jobs/jobs.service';
import type { McpTool, McpToolset } from '../mcp-tool';
import { item } from '../../../common/http/responses';

const twin = (handler: keyof JobsController) => ({ controller: JobsController, handler });

@Injectable()
export class JobsTools implements McpToolset {
  constructor(private readonly jobs: JobsService) {}

  tools(): McpTool[] {
    return [
      {
        name: 'search_jobs',
        title: 'Search job listings',
        effect: 'read',
        description:
          'Search job listings. `query` is full text (title, company, description), ranked by relevance then newest; ' +
          'filters: location, country, remote or workArrangements, employmentTypes, datePosted, salaryMin or ' +
          'salaryRanges, jobLevels, experience, companies, keywords and titles to include or exclude, excludeGhostJobs. ' +
          'Pass nextCursor back as `cursor` for the next page. A listing id can be given as jobListingId to create_application.',
        twin: twin('search'),
        run: (_caller, { body }) => this.jobs.search(body),
      },
      {
        name: 'get_job',
        title: 'Read a job listing',
        effect: 'read',
        description: 'Read one job listing by id, with its full description, highlights and benefits.',
        twin: twin('get'),
        run: async (_caller, { params }) => item(await this.jobs.get(params.id)),
      },
    ];
  }
}
