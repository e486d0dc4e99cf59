import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('app_user')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  nickname: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 32, default: '' })
  mobile: string;

  @Column({ type: 'varchar', length: 32, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 128, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  position: string;

  /** The id of an image the user uploaded (upload.id), or null. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  avatar: string | null;

  @Column({ name: 'department_id', type: 'integer', nullable: true })
  departmentId: number | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Permission names (route names less Index/Create/Update). */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  permissions: string[];

  /** Processes this user may record progress for. */
  @Column({ name: 'process_ids', type: 'integer', array: true, default: () => `'{}'` })
  processIds: number[];

  /** Processes whose attachments (production documents) this user may view. */
  @Column({ name: 'attachment_process_ids', type: 'integer', array: true, default: () => `'{}'` })
  attachmentProcessIds: number[];

  /** Set by someone else (admin reset, new account): must be changed before anything else. */
  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword: boolean;

  /** A published built-in default (try-out admin, demo accounts): the screens warn. */
  @Column({ name: 'password_is_default', type: 'boolean', default: false })
  passwordIsDefault: boolean;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
