import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A secret the service signs its own tokens with (search cursors), created by the first instance that needs it so
 * that every instance shares it and it survives restarts, with nothing to configure.
 */
@Entity('signing_keys')
export class SigningKey {
  /** What the key signs, e.g. `search-cursor`. */
  @PrimaryColumn('text')
  purpose: string;

  @Column('bytea')
  secret: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
