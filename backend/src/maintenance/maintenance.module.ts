import { Module, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventBus } from '../events/event-bus.service.js';
import { BackupService } from './backup.service.js';
import { ClearAllService } from './clear-all.service.js';
import { DataResetDelivery } from './data-reset.js';
import { EmbeddedDatabaseOnly, MaintenanceController } from './maintenance.controller.js';

/** Clear all, backup and restore; and the delivery of `data.reset` after its transaction commits. */
@Module({
  controllers: [MaintenanceController],
  providers: [ClearAllService, BackupService, EmbeddedDatabaseOnly],
})
export class MaintenanceModule implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    DataResetDelivery.register(this.dataSource, this.bus);
  }
}
