import { Injectable } from '@nestjs/common';
import { ProfileView, UpdateProfileDto } from './dto/profile.dto';
import { ProfileRepository } from './profile.repository';

/** The career profile: one per account, made with it (accounts.service.ts), so there is nothing to create or delete. */
@Injectable()
export class ProfileService {
  constructor(private readonly profiles: ProfileRepository) {}

  get(accountId: string): Promise<ProfileView> {
    return this.profiles.getOfAccount(accountId);
  }

  async update(accountId: string, changes: UpdateProfileDto): Promise<ProfileView> {
    await this.profiles.updateOfAccount(accountId, changes);
    return this.get(accountId);
  }
}
