import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { orderMetrics } from '../../../contracts/order-metrics.js';
import type { DashboardSettings } from '../../../contracts/api.js';
import type { BoardSnapshot, ProgressRow } from '../../../contracts/production.js';
import { EventStore } from '../events/event-store.js';
import { localDay } from '../progress/progress-math.js';
import { ProgressReadRepository } from '../progress/progress-read.repository.js';
import { SettingService } from '../setting/setting.service.js';
import { boardQuery, boardSort } from './board-filter.js';
import { scopeToProcesses } from './board-scope.js';

/** What every board (whole-page, scrolling, drop-down, mobile) loads, then keeps current by events. */
@Injectable()
export class BoardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly progress: ProgressReadRepository,
    private readonly settings: SettingService,
    private readonly events: EventStore,
  ) {}

  /** `device`: a paired TV's snapshot, with its profile's settings (board-profile.service) instead of the dashboard settings. */
  async snapshot(device?: { settings: DashboardSettings; device: NonNullable<BoardSnapshot['device']> }): Promise<BoardSnapshot> {
    // The log head first: a change committed while the rows are read has a later seq, so a board
    // subscribing with lastSeq = headSeq gets it replayed (at worst twice, never lost).
    const headSeq = await this.events.headSeq();
    // The dashboard settings, title and logo in one read; the rows, the columns and the company
    // name side by side (independent reads, all after the head): after an outage every TV asks at once.
    const { dashboard, system } = await this.settings.boardSection();
    const settings = device?.settings ?? dashboard;
    const today = localDay();
    const [allColumns, allRows, companyName] = await Promise.all([this.progress.columns(), this.progress.rows(boardQuery(settings, today)), this.companyName()]);
    const { columns, rows } = scopeToProcesses(settings, allColumns, allRows);
    const sort = boardSort(settings);
    if (sort === 'finishRateAsc' || sort === 'finishRateDesc') sortByFinishRate(rows, sort === 'finishRateAsc' ? 1 : -1);
    return {
      columns,
      rows,
      // The contract's metrics over the board's own rows, as the board recomputes them after a scan.
      totals: orderMetrics(rows, today, 'board'),
      headSeq,
      generatedAt: new Date().toISOString(),
      companyName,
      settings,
      systemTitles: system.titles,
      logo: system.logo,
      ...(device ? { device: device.device } : {}),
    };
  }

  private async companyName(): Promise<string> {
    const rows: { name: string }[] = await this.dataSource.query(`SELECT COALESCE(NULLIF(name, ''), short_name) AS name FROM company WHERE id = 1`);
    return rows[0]?.name ?? '';
  }
}

/** Stable: orders with equal rates keep their delivery order. */
function sortByFinishRate(rows: ProgressRow[], direction: 1 | -1): void {
  rows.sort((a, b) => direction * (a.finishRate - b.finishRate));
}
