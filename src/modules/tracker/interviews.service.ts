import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { referencedRecord } from '../../common/validation/referenced-record';
import type { AsJson } from '../../database/json-columns';
import { ContactsRepository } from '../contacts/contacts.repository';
import { EventsOutbox } from '../events/events-outbox';
import { ApplicationsRepository } from './applications.repository';
import { CreateInterviewDto, InterviewDetail, ListScheduledInterviewsQuery, ScheduledInterview, UpdateInterviewDto } from './dto/interview.dto';
import { InterviewsRepository } from './interviews.repository';

/**
 * Interviews of the caller's applications. The referenced rows (the application, a named contact) are locked
 * while an interview is written, so that a concurrent delete cannot turn the insert into a foreign-key error.
 */
@Injectable()
export class InterviewsService {
  constructor(
    private readonly interviews: InterviewsRepository,
    private readonly applications: ApplicationsRepository,
    private readonly contacts: ContactsRepository,
    private readonly events: EventsOutbox,
  ) {}

  create(caller: ApiCaller, applicationId: string, input: CreateInterviewDto): Promise<string> {
    return this.interviews.transaction(async (interviews, manager) => {
      await this.applications.withManager(manager).require(caller, applicationId, 'for_key_share');
      if (typeof input.contactId === 'string') await this.lockOwnContact(manager, caller, input.contactId);
      const id = await interviews.create({ ...input, applicationId, date: new Date(input.date) });
      await this.events.record(manager, caller.accountId, 'interview.scheduled', await interviews.detail(caller, applicationId, id));
      return id;
    });
  }

  async update(caller: ApiCaller, applicationId: string, interviewId: string, changes: UpdateInterviewDto): Promise<void> {
    await this.interviews.transaction(async (interviews, manager) => {
      if (!(await interviews.lockOwned(caller, applicationId, interviewId))) throw new NotFoundError();
      if (typeof changes.contactId === 'string') await this.lockOwnContact(manager, caller, changes.contactId);
      await interviews.update(interviewId, { ...changes, date: changes.date === undefined ? undefined : new Date(changes.date) });
      await this.events.record(manager, caller.accountId, 'interview.updated', await interviews.detail(caller, applicationId, interviewId));
    });
  }

  async remove(caller: ApiCaller, applicationId: string, interviewId: string): Promise<void> {
    await this.interviews.transaction(async (interviews) => {
      if (!(await interviews.lockOwned(caller, applicationId, interviewId))) throw new NotFoundError();
      await interviews.remove(interviewId);
    });
  }

  get(caller: ApiCaller, applicationId: string, interviewId: string): Promise<AsJson<InterviewDetail>> {
    return this.interviews.detail(caller, applicationId, interviewId);
  }

  async list(caller: ApiCaller, applicationId: string, paging: PagingQuery): Promise<ListEnvelope<AsJson<InterviewDetail>>> {
    if (!(await this.applications.owns(caller, applicationId))) throw new NotFoundError();
    return this.interviews.ofApplication(caller, applicationId, paging);
  }

  /** The account's interviews from `from` (default now) until before `to`, soonest first, across its applications. */
  scheduled(caller: ApiCaller, query: ListScheduledInterviewsQuery): Promise<ListEnvelope<AsJson<ScheduledInterview>>> {
    const from = query.from === undefined ? new Date() : new Date(query.from);
    const to = query.to === undefined ? null : new Date(query.to);
    if (to && to <= from) throw ValidationFailedError.field('to', 'must be after from');
    return this.interviews.scheduled(caller, from, to, query);
  }

  /** A contact id that is not one of the caller's contacts is an invalid field value, whoever it belongs to. */
  private async lockOwnContact(manager: EntityManager, caller: ApiCaller, contactId: string): Promise<void> {
    await referencedRecord('contactId', 'must be the id of one of your contacts', this.contacts.withManager(manager).owns(caller, contactId, 'for_key_share'));
  }
}
