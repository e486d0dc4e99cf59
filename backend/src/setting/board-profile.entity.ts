import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BoardDisplayMode, BoardSortOption } from '../../../contracts/api.js';

/** A named board profile (migration 1764289200000). */
@Entity('board_profile')
export class BoardProfileEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 64 }) name: string;
  @Column({ name: 'process_ids', type: 'int', array: true, default: () => "'{}'" }) processIds: number[];
  @Column({ name: 'customer_ids', type: 'int', array: true, default: () => "'{}'" }) customerIds: number[];
  @Column({ name: 'display_mode', type: 'varchar', length: 16 }) displayMode: BoardDisplayMode;
  @Column({ name: 'refresh_type', type: 'smallint' }) refreshType: number;
  @Column({ name: 'refresh_interval', type: 'int' }) refreshInterval: number;
  @Column({ name: 'sort_by', type: 'varchar', length: 32 }) sortBy: BoardSortOption;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** A paired TV: only the SHA-256 of its key is stored. */
@Entity('board_device')
export class BoardDeviceEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 64 }) name: string;
  /** null = the default profile (the dashboard settings). */
  @Column({ name: 'profile_id', type: 'int', nullable: true }) profileId: number | null;
  @Column({ name: 'key_hash', type: 'char', length: 64 }) keyHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true }) lastSeenAt: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}
