import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MasterDataName, MasterRecord } from '../../../contracts/master-data.js';
import { masterDataServiceToken } from '../master-data/master-data.controller-factory.js';
import type { MasterDataService } from '../master-data/master-data.service.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { ProductionOrderService } from '../production-order/production-order.service.js';
import { SaleOrderService } from '../sale-order/sale-order.service.js';
import { UploadService } from '../upload/upload.service.js';
import { BUILT_IN_DEFAULT_PASSWORD, type UserAdminService } from '../user/user-admin.service.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoProgress } from './demo-progress.js';
import { ScanService } from '../scan/scan.service.js';
import { AlertEvaluator } from '../alerts/alert-evaluator.service.js';
import { BundleScanService } from '../bundle/bundle-scan.service.js';
import { CuttingService } from '../bundle/cutting.service.js';
import { QualityService } from '../bundle/quality/quality.service.js';
import { ScanRepository } from '../scan/scan.repository.js';
import { demoBundledOrders, seedDemoBundles } from './demo-bundles.js';
import {
  DEMO_CATEGORIES,
  DEMO_COLORS,
  DEMO_CUSTOMERS,
  DEMO_PROCESSES,
  DEMO_ROLE_HOLDERS,
  DEMO_ROLES,
  DEMO_SIZE_GROUPS,
  DEMO_STAFF,
  DEMO_UNITS,
  DEMO_USERS,
  demoGoods,
} from './demo-data.js';

/**
 * Fills an empty database with the demo factory through the same services the screens use, so
 * the demo data obeys every rule (unique codes, flags, colours of a style, …).
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeeder');

  constructor(
    private readonly moduleRef: ModuleRef,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  private service<T extends MasterDataService = MasterDataService>(name: MasterDataName): T {
    return this.moduleRef.get<T>(masterDataServiceToken(name), { strict: false });
  }

  /** Seeds once: only while there are no goods (a database in use is never touched). */
  async seedIfEmpty(): Promise<void> {
    const [{ count }] = await this.dataSource.query(`SELECT count(*)::int AS count FROM goods`);
    if (count > 0) return;
    const started = Date.now();
    const ids = {
      category: await this.createAll('category', DEMO_CATEGORIES),
      unitGroup: await this.createAll('unitGroup', DEMO_UNITS),
      color: await this.createAll('color', DEMO_COLORS),
      size: await this.createAll(
        'size',
        DEMO_SIZE_GROUPS.map(({ sizes, ...group }) => ({ ...group, sizes: JSON.stringify(sizes.map((name) => ({ name }))) })),
      ),
      process: await this.createAll(
        'process',
        DEMO_PROCESSES.map(({ steps, ...process }, index) => ({
          ...process,
          sortOrder: (index + 1) * 10,
          steps: JSON.stringify(steps),
        })),
      ),
    };
    await this.createAll('customer', DEMO_CUSTOMERS);
    for (const [entity, rows] of Object.entries(DEMO_STAFF)) await this.createAll(entity as MasterDataName, rows);

    for (const style of demoGoods()) {
      await this.service('goods').create({
        code: style.code,
        name: style.name,
        category: ids.category.get(style.category),
        unitGroup: ids.unitGroup.get('PCS'),
        sizeGroup: ids.size.get(style.sizeGroup),
        costPrice: style.costPrice,
        salesPrice: style.salesPrice,
        colorIds: style.colors.map((code) => ids.color.get(code)).join(','),
      });
    }
    await this.seedUsers(ids.process);
    // The administrator may execute every process, so the demo can scan anything.
    await this.dataSource.query(`UPDATE app_user SET process_ids = ARRAY(SELECT id FROM process ORDER BY sort_order) WHERE lower(username) = 'admin'`);
    const admin = await this.adminActor();
    let bundlesMs = 0;
    // Delay alerts are evaluated once the factory stands, not after each of its scans.
    await this.moduleRef.get(AlertEvaluator, { strict: false }).whileHeld(async () => {
      await seedDemoOrders(this.dataSource.manager, {
        saleOrders: this.moduleRef.get(SaleOrderService, { strict: false }),
        productionOrders: this.moduleRef.get(ProductionOrderService, { strict: false }),
        uploads: this.moduleRef.get(UploadService, { strict: false }),
      }, admin);
      // A few orders in production are cut into bundles: their progress comes from bundle scans only.
      const bundled = await demoBundledOrders(this.dataSource.manager);
      await seedDemoProgress(this.dataSource.manager, this.moduleRef.get(ScanService, { strict: false }), admin, new Set(bundled));
      const bundlesStarted = Date.now();
      await seedDemoBundles(
        this.dataSource.manager,
        {
          cutting: this.moduleRef.get(CuttingService, { strict: false }),
          bundles: this.moduleRef.get(BundleScanService, { strict: false }),
          quality: this.moduleRef.get(QualityService, { strict: false }),
          scanRepository: this.moduleRef.get(ScanRepository, { strict: false }),
          defectTypes: this.service('defectType'),
        },
        admin,
        bundled,
      );
      bundlesMs = Date.now() - bundlesStarted;
    });
    this.logger.log(`demo factory seeded in ${Date.now() - started} ms (bundles ${bundlesMs} ms)`);
  }

  /**
   * The demo roles, given to the demo accounts — once: only while no role exists at all, so an
   * administrator's later edits (or deletions) stand. Runs on every demo boot, so a try-out
   * database seeded before roles existed gets them too (its users keep their own ticks as extra
   * pages). Several instances booting at once: the unique name index makes the inserts safe.
   */
  async ensureDemoRoles(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM app_role`);
      if (count > 0) return;
      for (const role of DEMO_ROLES) {
        const rows: { id: number }[] = await manager.query(
          `INSERT INTO app_role (name, description, permissions) VALUES ($1, $2, $3::text[])
           ON CONFLICT ((lower(name))) DO NOTHING RETURNING id`,
          [role.name, role.description, role.permissions],
        );
        if (!rows[0]) continue;
        await manager.query(
          `INSERT INTO app_user_role (user_id, role_id)
           SELECT id, $2 FROM app_user WHERE lower(username) = ANY ($1::text[]) ON CONFLICT DO NOTHING`,
          [DEMO_ROLE_HOLDERS[role.key], rows[0].id],
        );
      }
    });
  }

  /** The administrator, as the actor of the demo reviews and uploads. */
  private async adminActor(): Promise<AuthenticatedUser> {
    const [admin] = await this.dataSource.query(`SELECT id, username, permissions, process_ids FROM app_user WHERE lower(username) = 'admin'`);
    return { id: admin.id, username: admin.username, sessionId: 0, permissions: admin.permissions, processIds: admin.process_ids, attachmentProcessIds: [] };
  }

  private async createAll(entity: MasterDataName, rows: Record<string, unknown>[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const service = this.service(entity);
    for (const row of rows) {
      const record: MasterRecord = await service.create(row);
      ids.set(String(row.code), record.id);
    }
    return ids;
  }

  private async seedUsers(processIds: Map<string, number>): Promise<void> {
    const users = this.service<UserAdminService>('user');
    const departments: { id: number; code: string }[] = await this.dataSource.query(`SELECT id, code FROM department`);
    const departmentId = new Map(departments.map((row) => [row.code, row.id]));
    for (const demo of DEMO_USERS) {
      const existing: unknown[] = await this.dataSource.query(`SELECT 1 FROM app_user WHERE lower(username) = lower($1)`, [demo.username]);
      if (existing.length) continue;
      const created = await users.create({
        username: demo.username,
        password: demo.password,
        nickname: demo.nickname,
        position: demo.position,
        department: departmentId.get(demo.department) ?? null,
        enabled: true,
        // Published in the README and the banner: flagged, and the screens warn.
        [BUILT_IN_DEFAULT_PASSWORD]: true,
      });
      const ids = demo.processes.map((code) => processIds.get(code)!);
      await this.dataSource.query(
        `UPDATE app_user SET permissions = $2::text[], process_ids = $3::int[], attachment_process_ids = $3::int[] WHERE id = $1`,
        [created.id, demo.permissions, ids],
      );
    }
  }
}
