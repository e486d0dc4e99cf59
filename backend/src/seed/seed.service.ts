import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PERMISSION_NAMES } from '../../../contracts/routes.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { APP_CONFIG, ConfigError, type AppConfig } from '../config/app-config.js';
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

/** QC's defect list to start with (base data: the defect type screen edits it). */
const DEFECT_TYPES = [
  { code: 'D01', name: '跳线 Skipped stitch' },
  { code: 'D02', name: '污渍 Stain' },
  { code: 'D03', name: '尺寸不符 Wrong size' },
  { code: 'D04', name: '破洞 Hole' },
];

/** Refused first start of a deployment: printed as a message, without a stack. */
export const ADMIN_PASSWORD_REQUIRED_MESSAGE = [
  'Refusing to start: this is the first start on an empty database (DATABASE_URL is set), and',
  'ADMIN_PASSWORD is not set. Set ADMIN_PASSWORD to the password the "admin" account should get',
  '(at least 8 characters, not a common password), then start again. It is used only to create',
  'that account, and is never printed.',
].join('\n');

/**
 * First start: an admin with every permission (password from ADMIN_PASSWORD — required for a
 * deployment, the published try-out default for the embedded database) and the departments;
 * with SEED_DEMO the demo accounts too. Built-in default passwords are flagged
 * (`password_is_default`) so the screens warn until they are changed. Idempotent and safe when
 * several instances boot at once (inserts that conflict do nothing).
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly demo: DemoSeeder,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const [index, department] of DEPARTMENTS.entries()) {
      await this.dataSource.query(
        `INSERT INTO department (code, name, sort_order) VALUES ($1, $2, $3) ON CONFLICT ((lower(code))) DO NOTHING`,
        [department.code, department.name, index],
      );
    }
    // Only into an empty list: a type the factory deleted does not come back at the next start.
    await this.dataSource.query(
      `INSERT INTO defect_type (code, name)
       SELECT t.code, t.name FROM unnest($1::text[], $2::text[]) AS t (code, name)
        WHERE NOT EXISTS (SELECT 1 FROM defect_type)
       ON CONFLICT ((lower(code))) DO NOTHING`,
      [DEFECT_TYPES.map((type) => type.code), DEFECT_TYPES.map((type) => type.name)],
    );
    await this.ensureAdmin();
    if (this.config.SEED_DEMO) {
      await this.ensureViewer();
      await this.demo.seedIfEmpty();
      await this.demo.ensureDemoRoles();
    }
  }

  private async ensureAdmin(): Promise<void> {
    const password = this.config.ADMIN_PASSWORD;
    if (!password) {
      const [{ users }] = await this.dataSource.query(`SELECT count(*)::int AS users FROM app_user`);
      // An existing database keeps its accounts; only an empty one needs the password.
      if (users > 0) return;
      throw new ConfigError(ADMIN_PASSWORD_REQUIRED_MESSAGE);
    }
    const created = await this.insertUser(ADMIN_USERNAME, password, '系统管理员 Administrator', [...PERMISSION_NAMES], 'OFFICE', this.config.ADMIN_PASSWORD_IS_DEFAULT);
    if (created) this.logger.log(`created user "${ADMIN_USERNAME}"`);
  }

  /** The restricted demo account (tests use it too, without the rest of the demo factory). */
  async ensureViewer(): Promise<void> {
    await this.insertUser(DEMO_VIEWER.username, DEMO_VIEWER.password, DEMO_VIEWER.nickname, ['Home'], 'SEW', true);
  }

  private async insertUser(
    username: string,
    password: string,
    nickname: string,
    permissions: string[],
    departmentCode = 'OFFICE',
    passwordIsDefault = false,
  ): Promise<boolean> {
    const exists: unknown[] = await this.dataSource.query(`SELECT 1 FROM app_user WHERE lower(username) = lower($1)`, [username]);
    if (exists.length) return false;
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO app_user (username, nickname, password_hash, permissions, department_id, password_is_default)
       VALUES ($1, $2, $3, $4::text[], (SELECT id FROM department WHERE lower(code) = lower($5)), $6)
       ON CONFLICT ((lower(username))) DO NOTHING RETURNING id`,
      [username, nickname, await this.hasher.hash(password), permissions, departmentCode, passwordIsDefault],
    );
    return rows.length > 0;
  }
}
