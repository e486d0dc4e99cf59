import { Body, Controller, Get, HttpCode, Injectable, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsDefined, IsString, Matches } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClearDocumentsResult } from '../../../contracts/attachments.js';
import type { Localized } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { runExclusiveMaintenance } from '../common/maintenance/exclusive-maintenance.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { Trim } from '../common/http/form-transforms.js';
import { publishDataReset } from '../maintenance/data-reset.js';
import { Audited } from '../security-log/audited.decorator.js';
import { uploadIsReferenced } from './orphan-cleanup.js';

const BEFORE_LABEL: Localized = { 'zh-CN': '截止日期', en: 'Before date' };

export class ClearDocumentsDto {
  static fieldLabels: Record<string, Localized> = { before: BEFORE_LABEL };
  @ApiProperty({ example: '2026-01-01', description: 'YYYY-MM-DD: documents of orders completed or hidden before this day' })
  @Trim()
  @IsDefined()
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  before: string;
}

function assertDay(value: string): void {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2999) {
    throw new DomainException('validation', {}, { field: 'before', problem: 'invalid', label: BEFORE_LABEL });
  }
}

/** The orders concerned: completed, or hidden, before the day (midnight on the server's clock), with at least one document. */
const ORDERS = `
  SELECT p.id FROM production_order p
   WHERE ((p.completed AND p.completed_at < $1::date) OR (p.hidden AND p.hidden_at < $1::date))
     AND (EXISTS (SELECT 1 FROM upload u WHERE u.id = p.document) OR EXISTS (SELECT 1 FROM production_order_document d WHERE d.order_id = p.id))`;

/**
 * The documents of those orders that nothing else refers to (another order, a style, a colour
 * card, the logo, a setting, an avatar): those are removed; the links of the orders always are.
 */
const FILES = `
  WITH orders AS (${ORDERS}),
  docs AS (
    SELECT d.upload_id AS id FROM production_order_document d WHERE d.order_id IN (SELECT id FROM orders)
    UNION SELECT p.document FROM production_order p WHERE p.id IN (SELECT id FROM orders) AND p.document IS NOT NULL
  )
  SELECT u.id, (SELECT COALESCE(sum(octet_length(b.data)), 0) FROM upload_blob b WHERE b.upload_id = u.id)::bigint AS bytes
    FROM upload u
   WHERE u.id IN (SELECT id FROM docs)
     AND NOT ${uploadIsReferenced('SELECT id FROM orders')}`;

interface Plan {
  orderIds: number[];
  files: { id: string; bytes: number }[];
}

/**
 * Clear documents (settings → data): removes the production documents of orders completed or
 * hidden before a day — the files and their links — and leaves the orders. The preview runs the
 * same queries, so it announces exactly what a clear then removes (unless orders change between).
 */
@Injectable()
export class ClearDocumentsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async plan(manager: EntityManager, before: string): Promise<Plan> {
    assertDay(before);
    const orders: { id: number }[] = await manager.query(ORDERS, [before]);
    const files: { id: string; bytes: string | number }[] = await manager.query(FILES, [before]);
    return { orderIds: orders.map((row) => row.id), files: files.map((row) => ({ id: row.id, bytes: Number(row.bytes) })) };
  }

  private static result(plan: Plan): ClearDocumentsResult {
    return { orders: plan.orderIds.length, files: plan.files.length, bytes: plan.files.reduce((sum, file) => sum + file.bytes, 0) };
  }

  async preview(before: string): Promise<ClearDocumentsResult> {
    return ClearDocumentsService.result(await this.plan(this.dataSource.manager, before));
  }

  async clear(before: string): Promise<ClearDocumentsResult> {
    assertDay(before);
    return runExclusiveMaintenance(this.dataSource, async (manager) => {
      const plan = await this.plan(manager, before);
      if (plan.orderIds.length) {
        await manager.query(`DELETE FROM production_order_document WHERE order_id = ANY ($1::int[])`, [plan.orderIds]);
        await manager.query(
          `UPDATE production_order SET document = NULL, document_uploaded_at = NULL, version = version + 1, updated_at = now() WHERE id = ANY ($1::int[])`,
          [plan.orderIds],
        );
      }
      if (plan.files.length) await manager.query(`DELETE FROM upload WHERE id = ANY ($1::char(32)[])`, [plan.files.map((file) => file.id)]);
      // Every open documents list, board and console reloads what it shows.
      await publishDataReset(manager, 'clearDocuments');
      return ClearDocumentsService.result(plan);
    });
  }
}

@ApiTags('setting')
@Controller('admin/setting')
export class ClearDocumentsController {
  constructor(private readonly service: ClearDocumentsService) {}

  @Get('clearDocuments/preview')
  @ForRoute('ClearData')
  @ApiOperation({ summary: 'What clearDocuments would remove for this day: { orders, files, bytes } (orders completed or hidden before it, their document files and bytes)' })
  preview(@Query(bodyPipe(ClearDocumentsDto)) query: ClearDocumentsDto): Promise<ClearDocumentsResult> {
    return this.service.preview(query.before);
  }

  @Post('clearDocuments')
  @HttpCode(200)
  @ForRoute('ClearData')
  @Audited({ action: 'data.clearDocuments', target: 'setting', targetId: 'body.before' })
  @ApiBody({ type: ClearDocumentsDto })
  @ApiOperation({
    summary:
      "Removes the production documents of orders completed or hidden before the day (the orders stay, without documents): { orders, files, bytes } removed. Refused with 409 maintenanceBusy while another clear or restore runs",
  })
  clear(@Body(bodyPipe(ClearDocumentsDto)) body: ClearDocumentsDto): Promise<ClearDocumentsResult> {
    return this.service.clear(body.before);
  }
}
