import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Response } from 'express';
import { DEFAULT_PAGE_SIZE, type ListPage } from '../../../contracts/master-data.js';
import type { BundleDetail, BundleRecord, BundleScanResult, WipSummary } from '../../../contracts/bundles.js';
import { decodeBundleTicket } from '../../../contracts/bundles.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { Authenticated, CurrentUser, ForRoute, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader, translate } from '../common/i18n/translator.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { REPLAYED_HEADER } from '../scan/scan.controller.js';
import { BundleCodeParamDto, BundleListQueryDto, BundleScanDto, WipQueryDto } from './bundle.dto.js';
import { BundleQueryRepository } from './bundle-query.repository.js';
import { BundleScanService } from './bundle-scan.service.js';

/** Bundle scanning, the trace, the list and work in progress: /api/admin/bundle/*. */
@ApiTags('bundle')
@Controller('admin/bundle')
export class BundleController {
  constructor(
    private readonly scanning: BundleScanService,
    private readonly queries: BundleQueryRepository,
    private readonly unitOfWork: UnitOfWork,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Post('scan')
  @HttpCode(200)
  @Authenticated()
  @SuccessMessage('messages.bundleScanned')
  @ApiHeader({ name: 'Accept-Language', required: false })
  @ApiOperation({
    summary: 'Record a bundle at a process: the pieces open there (or fewer: a partial bundle), once per process, exactly once per scanId',
    description:
      'Refused at the cutting process (the lay recorded it) and at a QC process (inspect); 409 bundleAlreadyRecorded {worker, at} when nothing is open and pieces were recorded here, bundleNotReady {previous} when nothing reached it yet, bundleQuantityTooLarge {open}.',
  })
  async scan(
    @Body(bodyPipe(BundleScanDto)) body: BundleScanDto,
    @CurrentUser() user: AuthenticatedUser,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<BundleScanResult> {
    const { result, replayed } = await this.scanning.scan(body, user);
    if (replayed) response.setHeader(REPLAYED_HEADER, 'true');
    return { ...result, scan: { ...result.scan, warnings: result.scan.warnings.map((key) => translate(languageFromHeader(language), `errors.${key}`)) } };
  }

  @Get('list')
  @ForRoute('Bundle', 'Cutting')
  @ApiOperation({ summary: 'Bundles by order, colour, size, where they are (processId) and stuck, one page' })
  async list(@Query(bodyPipe(BundleListQueryDto)) query: BundleListQueryDto): Promise<ListPage<BundleRecord>> {
    return this.unitOfWork.run((tx) =>
      this.queries.list(tx.manager, { ...query, page: query.page ?? 1, pageSize: query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE }),
    );
  }

  @Get('wip')
  @ForRoute('ScheduleIndex', 'ScheduleUpdate', 'Bundle')
  @ApiOperation({ summary: 'Work in progress: bundles and pieces open per process (and per order × process), with the stuck ones' })
  wip(@Query(bodyPipe(WipQueryDto)) query: WipQueryDto): Promise<WipSummary> {
    return this.unitOfWork.run((tx) => this.queries.wip(tx.manager, query.orderId));
  }

  @Get(':code')
  @Authenticated()
  @ApiParam({ name: 'code', description: "the bundle code (case-insensitive) or the ticket's QR text" })
  @ApiOperation({ summary: "A bundle's trace: where it is, its steps, every scan, correcting entry and defect by time, and its open rework" })
  async detail(@Param(bodyPipe(BundleCodeParamDto)) params: BundleCodeParamDto): Promise<BundleDetail> {
    const code = decodeBundleTicket(params.code) ?? params.code;
    // Outside a transaction: the detail's queries run side by side on pooled connections (the
    // station's lookup is on every scan). A scan committing in between can only make a number a
    // moment newer; the scan itself re-checks everything under the order's lock.
    const detail = await this.queries.detail(this.dataSource.manager, code);
    if (!detail) throw new DomainException('bundleNotFound', { code }, { field: 'code' });
    return detail;
  }
}
