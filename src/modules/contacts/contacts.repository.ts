import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { ListEnvelope } from '../../common/http/paging';
import { escapeLikePattern } from '../../database/like-pattern';
import { Owner, OwnedRepositoryFor, ownedView } from '../../database/owned-repository';
import { ContactView, ListContactsQuery } from './dto/contact.dto';
import { Contact } from './entities/contact.entity';

@Injectable()
export class ContactsRepository extends OwnedRepositoryFor<Contact, ContactView>(Contact, ownedView) {
  /** Newest first, like every list of the API; `search` matches the name, company or email literally. */
  search(owner: Owner, query: ListContactsQuery): Promise<ListEnvelope<ContactView>> {
    return this.list(
      owner,
      query,
      { createdAt: 'DESC', id: 'DESC' },
      {
        filter: (rows, contact) => {
          if (query.relationship) rows.andWhere(`${contact}.relationship = :relationship`, { relationship: query.relationship });
          if (!query.search) return;
          rows.andWhere(
            new Brackets((matches) =>
              matches
                .where(`concat_ws(' ', ${contact}.first_name, ${contact}.last_name) ILIKE :pattern`)
                .orWhere(`${contact}.company ILIKE :pattern`)
                .orWhere(`${contact}.email ILIKE :pattern`),
            ),
            { pattern: `%${escapeLikePattern(query.search)}%` },
          );
        },
      },
    );
  }
}
