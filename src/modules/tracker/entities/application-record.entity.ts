import { Column, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Application } from './application.entity';

/**
 * Columns of a record that is part of an application (timeline entry, interview): it belongs to the application's
 * account through the application, and is deleted with it.
 */
export abstract class ApplicationRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  applicationId: string;

  @ManyToOne(() => Application, { onDelete: 'CASCADE' })
  @JoinColumn()
  application?: Application;
}
