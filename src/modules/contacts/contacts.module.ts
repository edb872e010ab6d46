import { Module } from '@nestjs/common';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';

/** Exports the repository too: interviews lock the contact they name in their own transaction. */
@Module({ controllers: [ContactsController], providers: [ContactsService, ContactsRepository], exports: [ContactsService, ContactsRepository] })
export class ContactsModule {}
