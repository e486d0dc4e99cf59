import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ConsoleKpis } from '../../../contracts/production.js';
import { firstDayOfMonth, lastDayOfMonth, shiftDay, startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { ProgressReadRepository, totalsOf, type ProgressFilter } from '../progress/progress-read.repository.js';
import { StatisticsRepository } from './statistics.repository.js';

const DAILY_DAYS = 14;
const WEEK_DAYS = 7;

/** "In production": shown orders not completed. */
const IN_PRODUCTION: ProgressFilter = { hidden: false, completion: 'open' };

/** The console's KPIs. Days are the server's calendar days (localDay), their bounds local midnights. */
@Injectable()
export class StatisticsService {
  private readonly repository = new StatisticsRepository();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly progress: ProgressReadRepository,
  ) {}

  async console(): Promise<ConsoleKpis> {
    const manager = this.dataSource.manager;
    const today = localDay();
    const inProduction = await this.progress.counts(IN_PRODUCTION, manager);
    const dueThisWeek = await this.progress.counts({ ...IN_PRODUCTION, deliveryFrom: today, deliveryTo: shiftDay(today, WEEK_DAYS - 1) }, manager);
    const completedThisMonth = await this.repository.completedBetween(
      manager,
      startOfLocalDay(firstDayOfMonth(today)),
      startOfLocalDay(shiftDay(lastDayOfMonth(today), 1)),
    );
    // Day i of the chart spans [starts[i], starts[i + 1]); the last one is today.
    const days = Array.from({ length: DAILY_DAYS }, (_, i) => shiftDay(today, i - DAILY_DAYS + 1));
    const starts = [...days, shiftDay(today, 1)].map(startOfLocalDay);
    const todayByProcess = await this.repository.scannedByProcess(manager, starts[DAILY_DAYS - 1], starts[DAILY_DAYS]);
    const daily = await this.repository.scannedPerDay(manager, days, starts);
    const totals = totalsOf(inProduction);
    return {
      inProduction: inProduction.orders,
      dueThisWeek: dueThisWeek.orders,
      delayed: totals.delayed,
      completedThisMonth,
      finishRate: totals.finishRate,
      delayRate: totals.delayRate,
      todayByProcess,
      daily,
      byStatus: inProduction.byStatus,
      generatedAt: new Date().toISOString(),
    };
  }
}
