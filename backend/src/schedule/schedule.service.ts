import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DEFAULT_PAGE_SIZE } from '../../../contracts/master-data.js';
import type { ScheduleDetail, ScheduleList } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { shiftDay, startOfLocalDay } from '../progress/calendar.js';
import { ProgressReadRepository, totalsOf, type ProgressFilter } from '../progress/progress-read.repository.js';
import type { ScheduleListQueryDto } from './schedule.dto.js';

/** Scan history shown with one order (older scans stay in the database and the scan list). */
const DETAIL_SCANS = 200;

/** The list's sort, by delivery date unless asked otherwise; the export keeps the same order. */
const sortOf = (query: ScheduleListQueryDto) => ({ field: query.sortField ?? 'deliveryDate', order: query.sortOrder ?? 'asc' }) as const;

/** The schedule: shown orders with their progress at every process, and one order's history. */
@Injectable()
export class ScheduleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly progress: ProgressReadRepository,
  ) {}

  /** The list's filter as the progress reader takes it (list and export read the same orders). */
  private filterOf(query: ScheduleListQueryDto): ProgressFilter {
    // Completion days are the server's calendar days, compared as instants (as the console counts them).
    const byCompletion = query.completedFrom !== undefined || query.completedTo !== undefined;
    return {
      hidden: false,
      completion: query.includeCompleted || byCompletion ? undefined : 'open',
      completedFrom: query.completedFrom ? startOfLocalDay(query.completedFrom) : undefined,
      completedBefore: query.completedTo ? startOfLocalDay(shiftDay(query.completedTo, 1)) : undefined,
      keyword: query.keyword,
      customerId: query.customer,
      status: query.status,
      deliveryFrom: query.deliveryFrom,
      deliveryTo: query.deliveryTo,
    };
  }

  async list(query: ScheduleListQueryDto): Promise<ScheduleList> {
    const filter = this.filterOf(query);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const columns = await this.progress.columns();
    const rows = await this.progress.rows({
      ...filter,
      sort: sortOf(query),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    // Totals cover the whole filter, counted in the database, not just this page.
    const counts = await this.progress.counts(filter);
    return { columns, rows, total: counts.orders, totals: totalsOf(counts, 'filter') };
  }

  /** Every order of the list's filter (no paging) for an Excel export; more than `limit` is refused, never cut short. */
  async exportRows(query: ScheduleListQueryDto, limit: number): Promise<Pick<ScheduleList, 'columns' | 'rows'>> {
    const filter = this.filterOf(query);
    const counts = await this.progress.counts(filter);
    if (counts.orders > limit) throw new DomainException('exportTooLarge', { count: counts.orders, max: limit });
    const columns = await this.progress.columns();
    const rows = await this.progress.rows({ ...filter, sort: sortOf(query), limit, offset: 0 });
    return { columns, rows };
  }

  async detail(id: number): Promise<ScheduleDetail> {
    const manager = this.dataSource.manager;
    const row = await this.progress.row(id, manager);
    if (!row) throw new DomainException('notFound');
    const columns = await this.progress.columns(manager);
    const scans = await this.progress.scanRecords(manager, { orderId: id }, DETAIL_SCANS);
    return { columns, row, scans };
  }
}
