import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

/**
 * Global: the realtime gateway calls its replay hooks without RealtimeModule importing this
 * module (MetricsService finds the gateway through ModuleRef at bootstrap, so neither module
 * imports the other).
 */
@Global()
@Module({ controllers: [MetricsController], providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
