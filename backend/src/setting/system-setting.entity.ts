import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Key/value settings; each key's value shape is owned by the service that reads it. */
@Entity('system_setting')
export class SystemSettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
