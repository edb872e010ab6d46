import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { lockOwnedRecord } from '../../database/owned-records';
import { Contact } from '../contacts/entities/contact.entity';
import { CreateInterviewDto, InterviewView, UpdateInterviewDto } from './dto/interview.dto';
import { Application } from './entities/application.entity';
import { Interview } from './entities/interview.entity';

/**
 * Interviews of the caller's applications. The referenced rows (the application, a named contact) are locked
 * while an interview is written, so that a concurrent delete cannot turn the insert into a foreign-key error.
 */
@Injectable()
export class InterviewsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(caller: ApiCaller, applicationId: string, input: CreateInterviewDto): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await lockOwnedRecord(manager, Application, caller.accountId, applicationId, 'for_key_share'))) throw new NotFoundError();
      if (typeof input.contactId === 'string') await this.lockOwnContact(manager, caller, input.contactId);
      const { identifiers } = await manager.insert(Interview, { ...input, applicationId, date: new Date(input.date) });
      return identifiers[0].id;
    });
  }

  async update(caller: ApiCaller, applicationId: string, interviewId: string, changes: UpdateInterviewDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwnInterview(manager, caller, applicationId, interviewId);
      if (typeof changes.contactId === 'string') await this.lockOwnContact(manager, caller, changes.contactId);
      await manager.update(Interview, { id: interviewId }, { ...changes, date: changes.date === undefined ? undefined : new Date(changes.date) });
    });
  }

  async remove(caller: ApiCaller, applicationId: string, interviewId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwnInterview(manager, caller, applicationId, interviewId);
      await manager.delete(Interview, { id: interviewId });
    });
  }

  /** The interviews of an application, in date order, each with the contact it names (or null). */
  async listForApplication(applicationId: string): Promise<InterviewView[]> {
    const interviews = await this.dataSource.getRepository(Interview).find({
      select: { id: true, round: true, type: true, date: true, notes: true, contact: { id: true, firstName: true, lastName: true, jobTitle: true } },
      relations: { contact: true },
      where: { applicationId },
      order: { date: 'ASC', round: 'ASC', id: 'ASC' },
    });
    return interviews.map(({ contact, ...interview }) => ({ ...interview, contact: contact ?? null }));
  }

  /** 404 unless the interview is one of this application's and the application is the caller's. */
  private async lockOwnInterview(manager: EntityManager, caller: ApiCaller, applicationId: string, interviewId: string): Promise<void> {
    const interview = await manager
      .createQueryBuilder(Interview, 'interview')
      .select('interview.id')
      .innerJoin('interview.application', 'application', 'application.account_id = :accountId', { accountId: caller.accountId })
      .where('interview.id = :interviewId AND interview.application_id = :applicationId', { interviewId, applicationId })
      .setLock('pessimistic_write', undefined, ['interview'])
      .getOne();
    if (!interview) throw new NotFoundError();
  }

  /** A contact id that is not one of the caller's contacts is an invalid field value, whoever it belongs to. */
  private async lockOwnContact(manager: EntityManager, caller: ApiCaller, contactId: string): Promise<void> {
    if (!(await lockOwnedRecord(manager, Contact, caller.accountId, contactId, 'for_key_share'))) {
      throw ValidationFailedError.field('contactId', 'must be the id of one of your contacts');
    }
  }
}
