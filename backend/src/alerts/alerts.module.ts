import { Module } from '@nestjs/common';
import { AlertClock } from './alert-clock.js';
import { AlertEvaluator } from './alert-evaluator.service.js';
import { AlertsController, NotificationsController } from './alerts.controller.js';
import { AlertsRepository } from './alerts.repository.js';
import { AlertsService } from './alerts.service.js';

/** Live delay alerts (contracts/alerts.ts): the evaluator, notifications, open alerts, followers. */
@Module({
  controllers: [NotificationsController, AlertsController],
  providers: [AlertClock, AlertsRepository, AlertEvaluator, AlertsService],
  exports: [AlertClock, AlertEvaluator],
})
export class AlertsModule {}
