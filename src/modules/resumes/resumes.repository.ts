import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { OwnedRepository, ownedView } from '../../database/owned-repository';
import { ResumeView } from './dto/resume.dto';
import { Resume } from './entities/resume.entity';

/** The account's resumes; other features reach them here, e.g. to lock the resume a new row refers to. */
@Injectable()
export class ResumesRepository extends OwnedRepository<Resume, ResumeView> {
  protected readonly entity = Resume;
  protected readonly view = ownedView<Resume>;

  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }
}
