import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { AccountRecord } from '../../../database/owned-record.entity';
import type { Scope } from '../../../common/auth/scopes';

/** An API key. Only the SHA-256 of the key is stored, with its first 8 hex characters for display. */
@Entity('api_keys')
export class ApiKey extends AccountRecord {
  @Column('text')
  name: string;

  @Index({ unique: true })
  @Column('bytea')
  keyHash: Buffer;

  @Column('text')
  keyPrefix: string;

  @Column({ type: 'text', array: true })
  scopes: Scope[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
