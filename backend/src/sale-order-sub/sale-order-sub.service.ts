import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListPage } from '../../../contracts/master-data.js';
import type { OrderLineRow } from '../../../contracts/orders.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { OrderListQuery } from '../sale-order/order-list-query.js';
import { ORDER_LINE_STATES, SaleOrderSubRepository, type OrderLineTotals } from './sale-order-sub.repository.js';

export type OrderLinePage = ListPage<OrderLineRow> & { totals: { quantity: number; amount: number } };

/** Order details: every order line × colour × size across orders, with totals over the whole filter. */
@Injectable()
export class SaleOrderSubService {
  private readonly repository = new SaleOrderSubRepository();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(query: OrderListQuery): Promise<OrderLinePage> {
    this.checkState(query);
    const manager = this.dataSource.manager;
    const [list, totals] = await Promise.all([this.repository.list(manager, query), this.repository.totals(manager, query)]);
    return { list, total: totals.rows, page: query.page, pageSize: query.pageSize, totals: { quantity: totals.quantity, amount: totals.amount } };
  }

  async exportRows(query: OrderListQuery, limit: number): Promise<{ rows: OrderLineRow[]; totals: OrderLineTotals }> {
    this.checkState(query);
    const manager = this.dataSource.manager;
    return { rows: await this.repository.list(manager, query, limit, 0), totals: await this.repository.totals(manager, query) };
  }

  private checkState(query: OrderListQuery): void {
    const state = query.filters.state;
    if (state && !(ORDER_LINE_STATES as readonly string[]).includes(state)) {
      throw new DomainException('validation', {}, { field: 'filter.state', problem: 'oneOf', params: { values: ORDER_LINE_STATES.join(', ') } });
    }
  }
}
