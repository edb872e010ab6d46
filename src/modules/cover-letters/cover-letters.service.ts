import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsSelect, Repository } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { ApiError, NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../common/http/paging';
import { lockOwnedRecord } from '../../database/owned-records';
import { Account } from '../accounts/entities/account.entity';
import { Resume } from '../resumes/entities/resume.entity';
import { CoverLetterSummary, CoverLetterView, CreateCoverLetterDto, UpdateCoverLetterDto } from './dto/cover-letter.dto';
import { CoverLetter, ONE_COVER_LETTER_PER_RESUME } from './entities/cover-letter.entity';

const SUMMARY_SELECT: FindOptionsSelect<CoverLetter> = {
  id: true,
  cvId: true,
  title: true,
  templateId: true,
  isDefault: true,
  variables: true,
  showName: true,
  showEmail: true,
  showPhone: true,
  showAddress: true,
  headerAlignment: true,
  fontFamily: true,
  fontSize: true,
  lineSpacing: true,
  createdAt: true,
  updatedAt: true,
};

/**
 * Cover letters. Writing one needs the Plus plan; reading, listing and deleting do not, so that a
 * user who downgraded can still see and clean up their letters. Checks run in this order:
 * ownership (404), then the plan (403), then the one-per-resume rule (409).
 */
@Injectable()
export class CoverLettersService {
  private readonly letters: Repository<CoverLetter>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.letters = dataSource.getRepository(CoverLetter);
  }

  async create(caller: ApiCaller, input: CreateCoverLetterDto): Promise<string> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        // Locked so the resume cannot be deleted before the letter that references it is written.
        if (!(await lockOwnedRecord(manager, Resume, caller.accountId, input.cvId, 'for_key_share'))) throw new NotFoundError();
        requirePlus(caller);
        if (input.isDefault) await this.unsetDefault(manager, caller);
        const { identifiers } = await manager.insert(CoverLetter, { ...storedValues(input), accountId: caller.accountId });
        return identifiers[0].id;
      });
    } catch (error) {
      // The unique index decides, also between concurrent creates: whoever comes second lands here.
      if ((error as { constraint?: string }).constraint !== ONE_COVER_LETTER_PER_RESUME) throw error;
      const existing = await this.letters.findOne({ select: { id: true }, where: { cvId: input.cvId, accountId: caller.accountId } });
      // The letter we collided with was deleted in the meantime: the resume is free again.
      if (!existing) return this.create(caller, input);
      throw new ApiError(HttpStatus.CONFLICT, 'This resume already has a cover letter', { existingId: existing.id });
    }
  }

  /** Newest first, like every list of the API; items leave out the body text. */
  async list(caller: ApiCaller, paging: PagingQuery): Promise<ListEnvelope<CoverLetterSummary>> {
    const [letters, total] = await this.letters.findAndCount({
      select: SUMMARY_SELECT,
      where: { accountId: caller.accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: paging.limit,
      skip: paging.offset,
    });
    return listEnvelope(letters, total, paging);
  }

  async get(caller: ApiCaller, id: string): Promise<CoverLetterView> {
    const letter = await this.letters.findOneBy({ id, accountId: caller.accountId });
    if (!letter) throw new NotFoundError();
    const { accountId: _accountId, account: _account, cv: _cv, ...view } = letter;
    return view;
  }

  async update(caller: ApiCaller, id: string, changes: UpdateCoverLetterDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await lockOwnedRecord(manager, CoverLetter, caller.accountId, id, 'pessimistic_write'))) throw new NotFoundError();
      requirePlus(caller);
      if (changes.isDefault) await this.unsetDefault(manager, caller);
      await manager.update(CoverLetter, { id }, storedValues(changes));
    });
  }

  async remove(caller: ApiCaller, id: string): Promise<void> {
    const result = await this.letters.delete({ id, accountId: caller.accountId });
    if (!result.affected) throw new NotFoundError();
  }

  /**
   * Makes room for a new default. The account row lock queues concurrent promotions of one account, so the
   * one-default unique index never sees two at once.
   */
  private async unsetDefault(manager: EntityManager, caller: ApiCaller): Promise<void> {
    await manager.findOne(Account, { select: { id: true }, where: { id: caller.accountId }, lock: { mode: 'for_no_key_update' } });
    await manager.update(CoverLetter, { accountId: caller.accountId, isDefault: true }, { isDefault: false });
  }
}

function requirePlus(caller: ApiCaller): void {
  if (caller.plan !== 'plus') {
    throw new ApiError(HttpStatus.FORBIDDEN, 'Cover letters need the Plus plan', { requiresUpgrade: true });
  }
}

/** `variables: null` clears them: stored as the empty map. */
function storedValues<T extends { variables?: Record<string, string> | null }>(input: T) {
  return { ...input, variables: input.variables === null ? {} : input.variables };
}
