import { type DynamicModule, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LoggerModule } from 'nestjs-pino';
import { loggerParams } from './common/logging/log-options.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AuthModule } from './auth/auth.module.js';
import { EventsModule } from './events/events.module.js';
import { HealthController } from './health/health.controller.js';
import { MasterDataModule } from './master-data/master-data.module.js';
import { CompanyModule } from './company/company.module.js';
import { GoodsModule } from './goods/goods.module.js';
import { ProcessModule } from './process/process.module.js';
import { ProductionOrderModule } from './production-order/production-order.module.js';
import { SizeGroupModule } from './size-group/size-group.module.js';
import { UploadModule } from './upload/upload.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RedisModule } from './redis/redis.module.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { SeedService } from './seed/seed.service.js';
import { SettingModule } from './setting/setting.module.js';
import { UserModule } from './user/user.module.js';
import { OrderNumberModule } from './order-number/order-number.module.js';
import { SaleOrderModule } from './sale-order/sale-order.module.js';
import { SaleOrderSubModule } from './sale-order-sub/sale-order-sub.module.js';
import { ProgressModule } from './progress/progress.module.js';
import { BoardModule } from './board/board.module.js';
import { ScheduleModule } from './schedule/schedule.module.js';
import { StatisticsModule } from './statistics/statistics.module.js';
import { ScanModule } from './scan/scan.module.js';
import { StationWorkerModule } from './scan/station-worker.module.js';
import { AppraisalModule } from './appraisal/appraisal.module.js';
import { staticCacheHeaders } from './common/http/static-delivery.js';
import { OrderOverviewModule } from './order-overview/order-overview.module.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { MaintenanceModule } from './maintenance/maintenance.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { BundleModule } from './bundle/bundle.module.js';
import { QualityModule } from './bundle/quality/quality.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const serveFrontend = existsSync(join(config.FRONTEND_DIST, 'index.html'));
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DatabaseModule.forRoot(config),
        RedisModule,
        EventsModule,
        AuthModule,
        // First of the feature modules: Express tries routes in registration order, one pattern
        // match each, and a scan is the request the floor sends most (issue 13, item 4) — behind
        // ~200 other routes it paid for ~200 matches. Order changes nothing else: no two routes overlap.
        ScanModule,
        UserModule,
        SettingModule,
        MasterDataModule,
        ProcessModule,
        SizeGroupModule,
        GoodsModule,
        CompanyModule,
        UploadModule,
        ProductionOrderModule,
        StationWorkerModule,
        RealtimeModule,
        OrderNumberModule,
        SaleOrderModule,
        SaleOrderSubModule,
        ProgressModule,
        BoardModule,
        ScheduleModule,
        StatisticsModule,
        OrderOverviewModule,
        AlertsModule,
        AppraisalModule,
        MaintenanceModule,
        MetricsModule,
        BundleModule,
        QualityModule,
        ...(serveFrontend
          ? [
              ServeStaticModule.forRoot({
                rootPath: config.FRONTEND_DIST,
                exclude: ['/api/{*path}', '/socket.io/{*path}'],
                serveStaticOptions: { index: 'index.html', setHeaders: staticCacheHeaders },
              }),
            ]
          : []),
      ],
      controllers: [HealthController],
      providers: [SeedService, DemoSeeder],
    };
  }
}
