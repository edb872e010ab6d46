import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { AccountRecord } from '../../../database/owned-record.entity';

/**
 * A browser session. The cookie carries a random token; only its SHA-256 is stored, so a copy of the table opens
 * no session. Deleting the row ends the session at its next request.
 */
@Entity('sessions')
export class Session extends AccountRecord {
  @Index({ unique: true })
  @Column('bytea')
  tokenHash: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  lastSeenAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}
