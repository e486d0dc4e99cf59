import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The event log: every committed change a screen shows, kept for reconnecting clients. */
@Entity('domain_event')
export class DomainEventEntity {
  // bigint arrives as a string from pg; the event store converts it.
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'text', array: true })
  rooms: string[];

  @Column({ type: 'jsonb' })
  payload: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
