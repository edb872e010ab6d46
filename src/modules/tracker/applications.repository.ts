import { Injectable } from '@nestjs/common';
import { OwnedRepositoryFor, OwnedView, ownedView } from '../../database/owned-repository';
import { Application } from './entities/application.entity';

/** The account's applications; interviews lock theirs here while they are written. */
@Injectable()
export class ApplicationsRepository extends OwnedRepositoryFor<Application, OwnedView<Application>>(Application, ownedView) {}
