import { Injectable } from '@nestjs/common';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { NotFoundError } from '../../common/errors/api-errors';
import { Owner, OwnedRepositoryFor, RowLock } from '../../database/owned-repository';
import { ProfileView, profileView } from './dto/profile.dto';
import { CareerProfile } from './entities/career-profile.entity';

/** One profile per account: it is named by the account alone, never by its own id. */
@Injectable()
export class ProfileRepository extends OwnedRepositoryFor<CareerProfile, ProfileView>(CareerProfile, profileView) {
  /** The account's profile (locked when `lock` says so), or null. */
  findOfAccount(owner: Owner, lock?: RowLock): Promise<CareerProfile | null> {
    return this.findWhere(owner, {}, lock);
  }

  async getOfAccount(owner: Owner): Promise<ProfileView> {
    const profile = await this.findOfAccount(owner);
    if (!profile) throw new NotFoundError();
    return this.view(profile);
  }

  updateOfAccount(owner: Owner, changes: QueryDeepPartialEntity<CareerProfile>): Promise<void> {
    return this.updateWhere(owner, {}, changes);
  }
}
