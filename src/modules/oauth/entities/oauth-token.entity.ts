import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Scope } from '../../../common/auth/scopes';

/** An access or refresh token issued under a grant, kept as its SHA-256 hash. A refresh token is used once. */
@Entity('oauth_tokens')
export class OAuthToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('oauth_tokens_grant')
  @Column('uuid')
  grantId: string;

  /**
   * The authorization whose code started this token's chain (kept through refreshes), so that a replayed code
   * revokes only what it gave; null for tokens issued before it was kept. Outlives the authorization's row.
   */
  @Index('oauth_tokens_authorization')
  @Column({ type: 'uuid', nullable: true })
  authorizationId: string | null;

  @Column('text')
  kind: 'access' | 'refresh';

  @Index('oauth_tokens_hash', { unique: true })
  @Column('bytea')
  tokenHash: Buffer;

  @Column({ type: 'text', array: true })
  scopes: Scope[];

  /** The server the token is good for (RFC 8707): this service's `/mcp` URL. */
  @Column('text')
  resource: string;

  @Column('timestamptz')
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
