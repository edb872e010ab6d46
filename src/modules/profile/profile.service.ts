import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../../common/errors/api-errors';
import { ProfileView, profileView, UpdateProfileDto } from './dto/profile.dto';
import { CareerProfile } from './entities/career-profile.entity';

/** The career profile: one per account, made with it (accounts.service.ts), so there is nothing to create or delete. */
@Injectable()
export class ProfileService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(accountId: string): Promise<ProfileView> {
    const profile = await this.dataSource.getRepository(CareerProfile).findOneBy({ accountId });
    if (!profile) throw new NotFoundError();
    return profileView(profile);
  }

  async update(accountId: string, changes: UpdateProfileDto): Promise<ProfileView> {
    const result = await this.dataSource.getRepository(CareerProfile).update({ accountId }, changes);
    if (!result.affected) throw new NotFoundError();
    return this.get(accountId);
  }
}
