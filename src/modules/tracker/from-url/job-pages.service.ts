import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../../common/auth/api-caller';
import { InjectConfig } from '../../../config/config.module';
import type { AppConfig } from '../../../config/configuration';
import { targetPolicy } from '../../webhooks/webhooks.service';
import type { TargetPolicy } from '../../webhooks/webhook-target';
import { ApplicationsRepository } from '../applications.repository';
import { CreateApplicationResponse } from '../dto/application.dto';
import { jobUrlKey } from '../job-url';
import { TrackerService } from '../tracker.service';
import { fetchJobPage, PAGE_REDIRECT_LIMIT, PAGE_SIZE_LIMIT, PageFetchLimits } from './job-page-fetcher';
import { JobPageErrorCode, JobPageException } from './job-page.exception';
import { readJobPosting } from './job-posting-reader';
import { SaveFromUrlDto } from './save-from-url.dto';

/** What an application cannot be created without, and where on a page the reader looks for it. */
const REQUIRED_FACTS = {
  jobTitle: 'job title (no JobPosting title, no og:title, no <title>)',
  company: 'company (no JobPosting hiringOrganization, no og:site_name)',
} as const;

/** Saving a job from its page: the page fetched, its JobPosting read, and the application created as create does. */
@Injectable()
export class JobPagesService {
  private readonly policy: TargetPolicy;
  private readonly limits: PageFetchLimits;

  constructor(
    private readonly tracker: TrackerService,
    private readonly applications: ApplicationsRepository,
    @InjectConfig() config: AppConfig,
  ) {
    this.policy = targetPolicy(config);
    this.limits = { timeoutMs: config.fromUrl.timeoutMs, maxBytes: PAGE_SIZE_LIMIT, maxRedirects: PAGE_REDIRECT_LIMIT };
  }

  /**
   * A URL the account already tracks answers that application (as create's duplicate rule does) without fetching the
   * page again. Otherwise the page must give at least a job title and a company; nothing is created when it does not.
   * The create itself is the tracker's, so its duplicate check (a unique index, against a concurrent save), events
   * and autoPrepare are the same.
   */
  async saveFromUrl(caller: ApiCaller, input: SaveFromUrlDto): Promise<CreateApplicationResponse> {
    const existingId = await this.applications.findIdOfJobUrl(caller, jobUrlKey(input.url));
    if (existingId) return { success: true, applicationId: existingId, existing: true };
    const html = await fetchJobPage(input.url, this.policy, this.limits);
    const { jobTitle, company, ...facts } = readJobPosting(html);
    if (!jobTitle || !company) {
      const missing = (Object.keys(REQUIRED_FACTS) as (keyof typeof REQUIRED_FACTS)[]).filter((field) => !{ jobTitle, company }[field]);
      throw new JobPageException(
        JobPageErrorCode.JOB_PAGE_UNREADABLE,
        `The page names no ${missing.map((field) => REQUIRED_FACTS[field]).join(' and no ')}; nothing was saved`,
        { missing },
      );
    }
    return this.tracker.create(caller, { ...facts, jobTitle, company, jobUrl: input.url, source: input.source, autoPrepare: input.autoPrepare });
  }
}
