import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PERMISSION_NAMES } from '../../../contracts/routes.js';
import { hashPassword } from '../auth/password-hasher.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DemoSeeder } from './demo-seeder.js';

export const ADMIN_USERNAME = 'admin';
export const DEMO_VIEWER = { username: 'viewer', password: 'viewer123', nickname: '车间主任 Workshop lead' };

const DEPARTMENTS = [
  { code: 'OFFICE', name: '业务部 Merchandising' },
  { code: 'CUT', name: '裁床车间 Cutting' },
  { code: 'SEW', name: '缝制车间 Sewing' },
  { code: 'FIN', name: '后整车间 Finishing' },
  { code: 'QC', name: '品管部 Quality control' },
  { code: 'WH', name: '仓储部 Warehouse' },
];

/**
 * First start: an admin with every permission (password from ADMIN_PASSWORD) and the
 * departments; with SEED_DEMO a restricted demo user too. Idempotent and safe when several
 * instances boot at once (inserts that conflict do nothing).
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly demo: DemoSeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const [index, department] of DEPARTMENTS.entries()) {
      await this.dataSource.query(
        `INSERT INTO department (code, name, sort_order) VALUES ($1, $2, $3) ON CONFLICT ((lower(code))) DO NOTHING`,
        [department.code, department.name, index],
      );
    }
    const created = await this.insertUser(ADMIN_USERNAME, this.config.ADMIN_PASSWORD, '系统管理员 Administrator', [...PERMISSION_NAMES]);
    if (created) this.logger.log(`created user "${ADMIN_USERNAME}"`);
    if (this.config.SEED_DEMO) {
      await this.ensureViewer();
      await this.demo.seedIfEmpty();
    }
  }

  /** The restricted demo account (tests use it too, without the rest of the demo factory). */
  async ensureViewer(): Promise<void> {
    await this.insertUser(DEMO_VIEWER.username, DEMO_VIEWER.password, DEMO_VIEWER.nickname, ['Home'], 'SEW');
  }

  private async insertUser(
    username: string,
    password: string,
    nickname: string,
    permissions: string[],
    departmentCode = 'OFFICE',
  ): Promise<boolean> {
    const exists: unknown[] = await this.dataSource.query(`SELECT 1 FROM app_user WHERE lower(username) = lower($1)`, [username]);
    if (exists.length) return false;
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO app_user (username, nickname, password_hash, permissions, department_id)
       VALUES ($1, $2, $3, $4::text[], (SELECT id FROM department WHERE lower(code) = lower($5)))
       ON CONFLICT ((lower(username))) DO NOTHING RETURNING id`,
      [username, nickname, await hashPassword(password), permissions, departmentCode],
    );
    return rows.length > 0;
  }
}
