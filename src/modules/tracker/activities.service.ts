import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import type { AsJson } from '../../database/json-columns';
import { EventsOutbox } from '../events/events-outbox';
import { ActivitiesRepository } from './activities.repository';
import { ApplicationsRepository } from './applications.repository';
import { ActivityView, CreateActivityDto, UpdateActivityDto } from './dto/activity.dto';

/**
 * Activities a person records on an application's timeline. One is added while the application's row is held
 * (`FOR KEY SHARE`, which a status change's `FOR UPDATE` waits for and vice versa), so that its `sequence` and the
 * status it records agree with the status changes around it: the timeline's first entry always has the
 * application's status.
 */
@Injectable()
export class ActivitiesService {
  constructor(
    private readonly activities: ActivitiesRepository,
    private readonly applications: ApplicationsRepository,
    private readonly events: EventsOutbox,
  ) {}

  create(caller: ApiCaller, applicationId: string, input: CreateActivityDto): Promise<string> {
    return this.activities.transaction(async (activities, manager) => {
      const application = await this.applications.withManager(manager).require(caller, applicationId, 'for_key_share');
      const id = await activities.create({
        applicationId,
        status: application.status,
        type: input.type,
        description: input.body,
        occurredAt: input.occurredAt === undefined ? () => 'clock_timestamp()' : new Date(input.occurredAt),
      });
      await this.events.record(manager, caller.accountId, 'application.activity_added', await activities.view(id));
      return id;
    });
  }

  async list(caller: ApiCaller, applicationId: string, paging: PagingQuery): Promise<ListEnvelope<AsJson<ActivityView>>> {
    if (!(await this.applications.owns(caller, applicationId))) throw new NotFoundError();
    return this.activities.ofApplication(applicationId, paging);
  }

  async update(caller: ApiCaller, applicationId: string, activityId: string, { body, occurredAt, type }: UpdateActivityDto): Promise<void> {
    await this.activities.transaction(async (activities, manager) => {
      if (!(await activities.lockOwned(caller, applicationId, activityId))) throw new NotFoundError();
      await activities.update(activityId, { type, description: body, occurredAt: occurredAt === undefined ? undefined : new Date(occurredAt) });
      await this.events.record(manager, caller.accountId, 'application.activity_updated', await activities.view(activityId));
    });
  }

  async remove(caller: ApiCaller, applicationId: string, activityId: string): Promise<void> {
    await this.activities.transaction(async (activities, manager) => {
      if (!(await activities.lockOwned(caller, applicationId, activityId))) throw new NotFoundError();
      await activities.remove(activityId);
      await this.events.record(manager, caller.accountId, 'application.activity_deleted', { id: activityId, applicationId });
    });
  }
}
