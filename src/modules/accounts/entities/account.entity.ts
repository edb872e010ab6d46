import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Feature, Plan } from '../account-plans';

@Entity('accounts')
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'citext', unique: true })
  email: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', default: 'free' })
  plan: Plan;

  @Column({ type: 'text', array: true, default: '{}' })
  features: Feature[];

  /** Argon2id (PHC string); null until a password is set. Never selected unless asked for. */
  @Column({ type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
