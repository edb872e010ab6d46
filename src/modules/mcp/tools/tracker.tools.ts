import { Injectable } from '@nestjs/common';
import { TrackerController } from '../../tracker/tracker.controller';
import { TrackerService } from '../../tracker/tracker.service';
import { InterviewsController, ScheduledInterviewsController } from '../../tracker/interviews.controller';
import { InterviewsService } from '../../tracker/interviews.service';
import { ActivitiesController } from '../../tracker/activities.controller';
import { ActivitiesService } from '../../tracker/activities.service';
import { ACTIVITY_TYPES } from '../../tracker/activity-types';
import { ACTIVITY_LIMITS } from '../../tracker/tracker.limits';
import { InsightsController } from '../../tracker/insights/insights.controller';
import { InsightsService } from '../../tracker/insights/insights.service';
import { JobPagesController } from '../../tracker/from-url/job-pages.controller';
import { JobPagesService } from '../../tracker/from-url/job-pages.service';
import { McpTool, McpToolset } from '../mcp-tool';
import { deleted, item, saved } from '../../../common/http/responses';

const twin = (handler: keyof TrackerController) => ({ controller: TrackerController, handler });

@Injectable()
export class TrackerTools implements McpToolset {
  constructor(
    private readonly tracker: TrackerService,
    private readonly interviews: InterviewsService,
    private readonly activities: ActivitiesService,
    private readonly insights: InsightsService,
    private readonly jobPages: JobPagesService,
  ) {}

  tools(): McpTool[] {
    return [
      {
        name: 'list_applications',
        title: 'List job applications',
        effect: 'read',
        description:
          "List the user's tracked job applications, newest first, or in `sort` order (updatedAt, createdAt, appliedDate, " +
          'priority, company, followUpAt; `-` in front for descending). Filter with `status` (one of the 13 pipeline statuses) ' +
          'or `archived` (true: accepted/rejected/withdrawn/no_response; false: still active), `priority` (1-5), and `q` ' +
          '(text in the title, company or location, whatever the case and accents), and `followUpBefore` (an ISO 8601 date-time: ' +
          'applications to follow up on before it, e.g. the end of this week). Pages with limit/offset.',
        twin: twin('list'),
        run: (caller, { query }) => this.tracker.list(caller, query),
      },
      {
        name: 'get_application',
        title: 'Read a job application',
        effect: 'read',
        description: 'Read one application by id, with its job description, status timeline (latest 20) and interviews.',
        twin: twin('get'),
        run: async (caller, { params }) => item(await this.tracker.get(caller, params.id)),
      },
      {
        name: 'create_application',
        title: 'Track a job application',
        effect: 'create',
        description:
          'Start tracking a job application (status watchlist). Give jobTitle and company; add jobUrl so the same ' +
          'posting is never tracked twice (an existing application with that URL is returned with existing: true). ' +
          'Optionally record priority (1-5), notes, salaryMin/salaryMax with salaryPeriod and salaryCurrency (ISO 4217), ' +
          'appliedDate, deadline and postedAt (YYYY-MM-DD) and the cvId of the resume sent.',
        twin: twin('create'),
        run: (caller, { body }) => this.tracker.create(caller, body),
      },
      {
        name: 'save_job_from_url',
        title: "Track a job from its page's URL",
        effect: 'create',
        reachesOutside: true,
        description:
          'Start tracking a job from the URL of its posting (an https page on the public web, e.g. a Greenhouse, Lever or Workday job page): ' +
          'the service fetches the page and fills jobTitle, company, location, jobDescription, salary, postedAt and deadline from it. ' +
          'Use it instead of create_application when the user gives a link. A URL already tracked returns that application with ' +
          'existing: true. A page without a job title or company creates nothing (the error says what was missing): then use ' +
          'create_application with what the user tells you. Optionally source, and autoPrepare to tailor a resume copy.',
        twin: { controller: JobPagesController, handler: 'saveFromUrl' },
        run: (caller, { body }) => this.jobPages.saveFromUrl(caller, body),
      },
      {
        name: 'update_application',
        title: 'Update a job application',
        effect: 'update',
        description:
          'Change an application: move it through the pipeline with `status` (each change is recorded in its timeline; ' +
          '`applied` sets appliedDate), or set priority (1-5), notes, jobTitle, company, location, jobUrl, jobDescription, ' +
          'source, salaryMin/salaryMax, salaryPeriod, salaryCurrency, appliedDate, cvId, coverLetterId, deadline, postedAt or ' +
          'followUpAt. null clears a field that may be empty.',
        twin: twin('update'),
        run: (caller, { params, body }) => this.tracker.update(caller, params.id, body),
      },
      {
        name: 'delete_application',
        title: 'Delete a job application',
        effect: 'delete',
        description: 'Delete an application and its timeline permanently. Prefer status withdrawn or rejected to keep history.',
        twin: twin('remove'),
        run: async (caller, { params }) => {
          await this.tracker.remove(caller, params.id);
          return deleted();
        },
      },
      {
        name: 'add_interview',
        title: 'Schedule an interview',
        effect: 'create',
        description:
          'Schedule an interview on an application (id): round number, type (phone, video, onsite, technical, ' +
          'behavioral, panel, take_home, final, other), ISO 8601 date with time zone, notes, and optionally the contactId ' +
          'of the interviewer.',
        twin: { controller: InterviewsController, handler: 'create' },
        run: async (caller, { params, body }) => saved(await this.interviews.create(caller, params.id, body)),
      },
      {
        name: 'update_interview',
        title: 'Update an interview',
        effect: 'update',
        description: 'Change an interview (interviewId) of an application (id): its date, type, round, interviewer (contactId) or notes.',
        twin: { controller: InterviewsController, handler: 'update' },
        run: async (caller, { params, body }) => {
          await this.interviews.update(caller, params.id, params.interviewId, body);
          return saved(params.interviewId);
        },
      },
      {
        name: 'list_interviews',
        title: 'List upcoming interviews',
        effect: 'read',
        description:
          "List the user's interviews across all applications, soonest first, each with its application's id, jobTitle and " +
          'company: those from `from` (ISO 8601 date-time with time zone; default now) until before `to`. Pages with limit/offset.',
        twin: { controller: ScheduledInterviewsController, handler: 'list' },
        run: (caller, { query }) => this.interviews.scheduled(caller, query),
      },
      {
        name: 'add_activity',
        title: 'Record an activity on an application',
        effect: 'create',
        description:
          `Record what happened on an application (id) in its timeline: type (${ACTIVITY_TYPES.join(', ')}), ` +
          `body (the text, up to ${ACTIVITY_LIMITS.body} characters) and occurredAt (ISO 8601 date-time with time zone; default now).`,
        twin: { controller: ActivitiesController, handler: 'create' },
        run: async (caller, { params, body }) => saved(await this.activities.create(caller, params.id, body)),
      },
      {
        name: 'get_tracker_insights',
        title: 'How the job search is going',
        effect: 'read',
        description:
          "Figures on the user's job search, exact, from the applications' status timelines, for the days from `from` to `to` (YYYY-MM-DD, UTC; " +
          'default the last 12 weeks): applications added and applied per ISO week; for the applications added in that range, the funnel ' +
          '(how many reached applied, got an answer (response, screening or later, or a rejection), an interview, an offer, accepted; a ' +
          'skipped status still counts), the response rate and median days to the first answer by source and by resume sent (cvId), and the ' +
          'median days spent in each status. Use it to say what works (which source, which resume) and where applications stall.',
        twin: { controller: InsightsController, handler: 'get' },
        run: async (caller, { query }) => item(await this.insights.get(caller, query)),
      },
    ];
  }
}
