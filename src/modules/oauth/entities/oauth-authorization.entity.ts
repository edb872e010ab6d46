import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Scope } from '../../../common/auth/scopes';

/**
 * One run of the authorize step: the app's request (kept until the person answers, 10 minutes at most), then the
 * grant it was approved under and the hash of its one-time code.
 */
@Entity('oauth_authorizations')
export class OAuthAuthorization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  clientId: string;

  @Column('text')
  redirectUri: string;

  @Column('text')
  codeChallenge: string;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'text', array: true })
  requestedScopes: Scope[];

  @Column('text')
  resource: string;

  /** Hash of the cookie set on the browser that started the request: only that browser can answer it. */
  @Column('bytea')
  browserHash: Buffer;

  @Column('timestamptz')
  expiresAt: Date;

  @Column({ type: 'uuid', nullable: true })
  grantId: string | null;

  @Index('oauth_authorizations_code', { unique: true })
  @Column({ type: 'bytea', nullable: true })
  codeHash: Buffer | null;

  @Column({ type: 'timestamptz', nullable: true })
  codeExpiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
