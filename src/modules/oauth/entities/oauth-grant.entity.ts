import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { Scope } from '../../../common/auth/scopes';
import { AccountRecord } from '../../../database/owned-record.entity';
import { OAuthClient } from './oauth-client.entity';

/** What a person approved for an app: the scopes its tokens carry. Revoking it ends every token issued under it. */
@Entity('oauth_grants')
@Index('oauth_grants_active', ['accountId', 'clientId'], { unique: true, where: '"revoked_at" IS NULL' })
export class OAuthGrant extends AccountRecord {
  @Column('uuid')
  clientId: string;

  @ManyToOne(() => OAuthClient, { onDelete: 'CASCADE' })
  @JoinColumn()
  client?: OAuthClient;

  @Column({ type: 'text', array: true })
  scopes: Scope[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  approvedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
