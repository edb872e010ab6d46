import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors/api-errors';
import { JobListingView, JobSearchDto, JobSearchResponse } from './dto/job-search.dto';
import { ListingsRepository } from './listings.repository';
import { JobSearchService } from './search/job-search.service';

/** `GET /v1/jobs/{id}` and `POST /v1/jobs/search`: reads one listing; search is the search engine's (search/). */
@Injectable()
export class JobsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly engine: JobSearchService,
  ) {}

  async get(id: string): Promise<JobListingView> {
    const listing = await this.listings.view(id);
    if (!listing) throw new NotFoundError();
    return listing;
  }

  search(search: JobSearchDto): Promise<JobSearchResponse> {
    return this.engine.search(search);
  }
}
