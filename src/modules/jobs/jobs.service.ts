import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/api-errors';
import { JobListingView, JobSearchDto, JobSearchResponse } from './dto/job-search.dto';
import { listingViewStatement } from './listing-columns';
import { JobSearchService } from './search/job-search.service';

/** `GET /v1/jobs/{id}` and `POST /v1/jobs/search`: reads one listing; search is the search engine's (search/). */
@Injectable()
export class JobsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly engine: JobSearchService,
  ) {}

  async get(id: string): Promise<JobListingView> {
    const statement = listingViewStatement(id);
    const [listing] = await this.dataSource.query(statement.sql, statement.values);
    if (!listing) throw new NotFoundError();
    return listing;
  }

  search(search: JobSearchDto): Promise<JobSearchResponse> {
    return this.engine.search(search);
  }
}
