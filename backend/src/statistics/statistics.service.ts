import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { dueThisWeekEnd, metricsOf } from '../../../contracts/order-metrics.js';
import { CONSOLE_LIST_SIZE, type ConsoleKpis, type ConsoleOrder, type ProgressRow } from '../../../contracts/production.js';
import { firstDayOfMonth, lastDayOfMonth, shiftDay, startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { ProgressReadRepository, type ProgressFilter } from '../progress/progress-read.repository.js';
import { StatisticsRepository } from './statistics.repository.js';

const DAILY_DAYS = 14;

/** "In production" (contracts/order-metrics isInProduction): shown orders not completed. */
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
    // The lists behind the Delayed and Due-this-week cards (the cards link to all of them).
    const lateOrders = await this.progress.rows({ ...IN_PRODUCTION, status: 'delayed', sort: { field: 'deliveryDate', order: 'asc' }, limit: CONSOLE_LIST_SIZE }, manager);
    const dueThisWeekOrders = await this.progress.rows(
      { ...IN_PRODUCTION, deliveryFrom: today, deliveryTo: dueThisWeekEnd(today), sort: { field: 'deliveryDate', order: 'asc' }, limit: CONSOLE_LIST_SIZE },
      manager,
    );
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
    const metrics = metricsOf(inProduction, 'inProduction');
    return {
      inProduction: metrics.inProduction,
      dueThisWeek: metrics.dueThisWeek,
      delayed: metrics.delayed,
      completedThisMonth,
      finishRate: metrics.finishRate,
      delayRate: metrics.delayRate,
      metrics,
      lateOrders: lateOrders.map(consoleOrder),
      dueThisWeekOrders: dueThisWeekOrders.map(consoleOrder),
      todayByProcess,
      daily,
      byStatus: inProduction.byStatus,
      today,
      generatedAt: new Date().toISOString(),
    };
  }
}

function consoleOrder(row: ProgressRow): ConsoleOrder {
  const { id, orderNo, customerLabel, productName, deliveryDate, finishRate, delayDays } = row;
  return { id, orderNo, customerLabel, productName, deliveryDate, finishRate, delayDays };
}
