import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope } from '../../common/http/paging';
import { ContactView, CreateContactDto, ListContactsQuery, UpdateContactDto } from './dto/contact.dto';
import { Contact } from './entities/contact.entity';

@Injectable()
export class ContactsService {
  private readonly contacts: Repository<Contact>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.contacts = dataSource.getRepository(Contact);
  }

  async create(caller: ApiCaller, input: CreateContactDto): Promise<string> {
    const { identifiers } = await this.contacts.insert({ ...input, accountId: caller.accountId });
    return identifiers[0].id;
  }

  /** Newest first, like every list of the API. */
  async list(caller: ApiCaller, query: ListContactsQuery): Promise<ListEnvelope<ContactView>> {
    const builder = this.contacts
      .createQueryBuilder('contact')
      .where('contact.account_id = :accountId', { accountId: caller.accountId })
      .orderBy('contact.created_at', 'DESC')
      .addOrderBy('contact.id', 'DESC')
      .limit(query.limit)
      .offset(query.offset);
    if (query.relationship) builder.andWhere('contact.relationship = :relationship', { relationship: query.relationship });
    if (query.search) {
      const pattern = `%${escapeLikePattern(query.search)}%`;
      builder.andWhere(
        new Brackets((matches) =>
          matches
            .where("concat_ws(' ', contact.first_name, contact.last_name) ILIKE :pattern")
            .orWhere('contact.company ILIKE :pattern')
            .orWhere('contact.email ILIKE :pattern'),
        ),
        { pattern },
      );
    }
    const [contacts, total] = await builder.getManyAndCount();
    return listEnvelope(contacts.map(viewOf), total, query);
  }

  async get(caller: ApiCaller, id: string): Promise<ContactView> {
    const contact = await this.contacts.findOneBy({ id, accountId: caller.accountId });
    if (!contact) throw new NotFoundError();
    return viewOf(contact);
  }

  async update(caller: ApiCaller, id: string, changes: UpdateContactDto): Promise<void> {
    const result = await this.contacts.update({ id, accountId: caller.accountId }, changes);
    if (!result.affected) throw new NotFoundError();
  }

  /** Interviews that named the contact keep going, without it (the foreign key sets it null). */
  async remove(caller: ApiCaller, id: string): Promise<void> {
    const result = await this.contacts.delete({ id, accountId: caller.accountId });
    if (!result.affected) throw new NotFoundError();
  }
}

/** The search text is matched literally: `%`, `_` and `\` in it are not wildcards. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

function viewOf(contact: Contact): ContactView {
  const { accountId: _accountId, account: _account, ...view } = contact;
  return view;
}
