import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { accountIdOf, Owner, SqlRepository } from '../../database/owned-repository';
import { InterviewView } from './dto/interview.dto';
import { Interview } from './entities/interview.entity';

/** Interviews belong to an account through their application, so every read that checks ownership joins it. */
@Injectable()
export class InterviewsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** Whether the interview is one of this application's and the application is the account's; locks the interview for update. */
  async lockOwned(owner: Owner, applicationId: string, interviewId: string): Promise<boolean> {
    const interview = await this.manager
      .createQueryBuilder(Interview, 'interview')
      .select('interview.id')
      .innerJoin('interview.application', 'application', 'application.account_id = :accountId', { accountId: accountIdOf(owner) })
      .where('interview.id = :interviewId AND interview.application_id = :applicationId', { interviewId, applicationId })
      .setLock('pessimistic_write', undefined, ['interview'])
      .getOne();
    return interview !== null;
  }

  async create(values: QueryDeepPartialEntity<Interview>): Promise<string> {
    const { identifiers } = await this.manager.insert(Interview, values);
    return identifiers[0].id as string;
  }

  async update(id: string, changes: QueryDeepPartialEntity<Interview>): Promise<void> {
    await this.manager.update(Interview, { id }, changes);
  }

  async remove(id: string): Promise<void> {
    await this.manager.delete(Interview, { id });
  }

  /** One interview as its application's read shows it, with the contact it names (or null). */
  async view(id: string): Promise<InterviewView> {
    const { contact, ...interview } = await this.manager.findOneOrFail(Interview, {
      select: { id: true, round: true, type: true, date: true, notes: true, contact: { id: true, firstName: true, lastName: true, jobTitle: true } },
      relations: { contact: true },
      where: { id },
    });
    return { ...interview, contact: contact ?? null };
  }
}
