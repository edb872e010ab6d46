import { Injectable } from '@nestjs/common';
import { OwnedRepositoryFor, ownedView } from '../../database/owned-repository';
import { ResumeView } from './dto/resume.dto';
import { Resume } from './entities/resume.entity';

/** The account's resumes; other features reach them here, e.g. to lock the resume a new row refers to. */
@Injectable()
export class ResumesRepository extends OwnedRepositoryFor<Resume, ResumeView>(Resume, ownedView) {}
