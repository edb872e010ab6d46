import { Injectable } from '@nestjs/common';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { accountIdOf, Owner, OwnedRepositoryFor, ownedView } from '../../database/owned-repository';
import { CoverLetterSummary, CoverLetterView } from './dto/cover-letter.dto';
import { CoverLetter } from './entities/cover-letter.entity';

@Injectable()
export class CoverLettersRepository extends OwnedRepositoryFor<CoverLetter, CoverLetterView>(CoverLetter, ownedView) {
  /** Newest first, like every list of the API; items leave out the body text. */
  summaries(owner: Owner, paging: PagingQuery): Promise<ListEnvelope<CoverLetterSummary>> {
    return this.list(owner, paging, { createdAt: 'DESC', id: 'DESC' }, { omit: ['content'] });
  }

  /** The id of the letter of the account's resume `cvId`, if it has one. */
  async idOfResumeLetter(owner: Owner, cvId: string): Promise<string | undefined> {
    return (await this.findWhere(owner, { cvId }))?.id;
  }

  /**
   * Makes room for a new default. The account lock queues concurrent promotions of one account, so the
   * one-default unique index never sees two at once.
   */
  async unsetDefault(owner: Owner): Promise<void> {
    await this.lockAccount(owner);
    await this.manager.update(CoverLetter, { accountId: accountIdOf(owner), isDefault: true }, { isDefault: false });
  }
}
