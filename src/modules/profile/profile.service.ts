import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import type { Owner } from '../../database/owned-repository';
import type { Account } from '../accounts/entities/account.entity';
import { ProfileLink, ProfileView, UpdateProfileDto } from './dto/profile.dto';
import type { CareerProfile } from './entities/career-profile.entity';
import { ProfileRepository } from './profile.repository';

/** Identity fields another source (an imported document) offers; links are always a list, maybe empty. */
export type OfferedIdentity = Partial<Record<(typeof FILLABLE_FIELDS)[number], string>> & { links: ProfileLink[] };

const FILLABLE_FIELDS = ['fullName', 'email', 'phone', 'address', 'photoUrl'] as const;

/** The career profile: one per account, made with it (`createFor`), so there is nothing to create or delete by HTTP. */
@Injectable()
export class ProfileService {
  constructor(private readonly profiles: ProfileRepository) {}

  /** The account's profile; `within` reads it inside another feature's transaction (a resume's snapshot). */
  get(owner: Owner, within?: EntityManager): Promise<ProfileView> {
    return (within ? this.profiles.withManager(within) : this.profiles).getOfAccount(owner);
  }

  async update(caller: ApiCaller, changes: UpdateProfileDto): Promise<ProfileView> {
    await this.profiles.updateOfAccount(caller, changes);
    return this.get(caller);
  }

  /** A new account's profile, in the transaction that makes the account. */
  async createFor(account: Pick<Account, 'id' | 'email' | 'name'>, within: EntityManager): Promise<void> {
    await this.profiles.withManager(within).create(account.id, { email: account.email, fullName: account.name });
  }

  /**
   * Sets the profile fields that are empty (null, or no links) to the offered values, inside the caller's
   * transaction `within`; answers which it set.
   */
  async fillEmpty(owner: Owner, offered: OfferedIdentity, within: EntityManager): Promise<string[]> {
    const profiles = this.profiles.withManager(within);
    const profile = await profiles.findOfAccount(owner, 'pessimistic_write');
    if (!profile) return [];
    const changes: Partial<Pick<CareerProfile, (typeof FILLABLE_FIELDS)[number] | 'links'>> = {};
    for (const field of FILLABLE_FIELDS) {
      if (profile[field] === null && offered[field] !== undefined) changes[field] = offered[field];
    }
    if (profile.links.length === 0 && offered.links.length > 0) changes.links = offered.links;
    if (Object.keys(changes).length > 0) await profiles.updateOfAccount(owner, changes);
    return Object.keys(changes);
  }
}
