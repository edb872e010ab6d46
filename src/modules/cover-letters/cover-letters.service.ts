import { HttpStatus, Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { ApiError } from '../../common/errors/api-errors';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { planAllows } from '../accounts/account-plans';
import { EventsOutbox } from '../events/events-outbox';
import { ResumesRepository } from '../resumes/resumes.repository';
import { CoverLettersRepository } from './cover-letters.repository';
import { CoverLetterSummary, CoverLetterView, CreateCoverLetterDto, UpdateCoverLetterDto } from './dto/cover-letter.dto';
import { ONE_COVER_LETTER_PER_RESUME } from './entities/cover-letter.entity';

/**
 * Cover letters. Writing one needs the Plus plan; reading, listing and deleting do not, so that a
 * user who downgraded can still see and clean up their letters. Checks run in this order:
 * ownership (404), then the plan (403), then the one-per-resume rule (409).
 */
@Injectable()
export class CoverLettersService {
  constructor(
    private readonly letters: CoverLettersRepository,
    private readonly resumes: ResumesRepository,
    private readonly events: EventsOutbox,
  ) {}

  async create(caller: ApiCaller, input: CreateCoverLetterDto): Promise<string> {
    try {
      return await this.letters.transaction(async (letters, manager) => {
        // A new default takes the account's lock before any record's, as every account-wide change does (deleting a
        // resume too): taken after the resume's, the two could wait on each other.
        if (input.isDefault) await letters.lockAccount(caller);
        // Locked so the resume cannot be deleted before the letter that references it is written.
        await this.resumes.withManager(manager).require(caller, input.cvId, 'for_key_share');
        requirePlus(caller);
        if (input.isDefault) await letters.unsetDefault(caller);
        const id = await letters.create(caller, storedValues(input));
        await this.events.record(manager, caller.accountId, 'cover_letter.created', await letters.get(caller, id));
        return id;
      });
    } catch (error) {
      // The unique index decides, also between concurrent creates: whoever comes second lands here.
      if ((error as { constraint?: string }).constraint !== ONE_COVER_LETTER_PER_RESUME) throw error;
      const existingId = await this.letters.idOfResumeLetter(caller, input.cvId);
      // The letter we collided with was deleted in the meantime: the resume is free again.
      if (!existingId) return this.create(caller, input);
      throw new ApiError(HttpStatus.CONFLICT, 'This resume already has a cover letter', { existingId });
    }
  }

  list(caller: ApiCaller, paging: PagingQuery): Promise<ListEnvelope<CoverLetterSummary>> {
    return this.letters.summaries(caller, paging);
  }

  get(caller: ApiCaller, id: string): Promise<CoverLetterView> {
    return this.letters.get(caller, id);
  }

  async update(caller: ApiCaller, id: string, changes: UpdateCoverLetterDto): Promise<void> {
    await this.letters.transaction(async (letters) => {
      if (changes.isDefault) await letters.lockAccount(caller);
      await letters.require(caller, id, 'pessimistic_write');
      requirePlus(caller);
      if (changes.isDefault) await letters.unsetDefault(caller);
      await letters.update(caller, id, storedValues(changes));
    });
  }

  remove(caller: ApiCaller, id: string): Promise<void> {
    return this.letters.remove(caller, id);
  }
}

function requirePlus(caller: ApiCaller): void {
  if (!planAllows(caller).coverLetters) {
    throw new ApiError(HttpStatus.FORBIDDEN, 'Cover letters need the Plus plan', { requiresUpgrade: true });
  }
}

/** `variables: null` clears them: stored as the empty map. */
function storedValues<T extends { variables?: Record<string, string> | null }>(input: T) {
  return { ...input, variables: input.variables === null ? {} : input.variables };
}
