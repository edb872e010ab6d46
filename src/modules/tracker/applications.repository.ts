import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { OwnedRepository, OwnedView, ownedView } from '../../database/owned-repository';
import { Application } from './entities/application.entity';

/** The account's applications; interviews lock theirs here while they are written. */
@Injectable()
export class ApplicationsRepository extends OwnedRepository<Application, OwnedView<Application>> {
  protected readonly entity = Application;
  protected readonly view = ownedView<Application>;

  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }
}
