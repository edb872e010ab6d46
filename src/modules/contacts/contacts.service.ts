import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { ListEnvelope } from '../../common/http/paging';
import { ContactsRepository } from './contacts.repository';
import { ContactView, CreateContactDto, ListContactsQuery, UpdateContactDto } from './dto/contact.dto';

@Injectable()
export class ContactsService {
  constructor(private readonly contacts: ContactsRepository) {}

  create(caller: ApiCaller, input: CreateContactDto): Promise<string> {
    return this.contacts.create(caller, input);
  }

  list(caller: ApiCaller, query: ListContactsQuery): Promise<ListEnvelope<ContactView>> {
    return this.contacts.search(caller, query);
  }

  get(caller: ApiCaller, id: string): Promise<ContactView> {
    return this.contacts.get(caller, id);
  }

  update(caller: ApiCaller, id: string, changes: UpdateContactDto): Promise<void> {
    return this.contacts.update(caller, id, changes);
  }

  /** Interviews that named the contact keep going, without it (the foreign key sets it null). */
  remove(caller: ApiCaller, id: string): Promise<void> {
    return this.contacts.remove(caller, id);
  }
}
