import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ScanLookup, ScanResult } from '../../../contracts/production.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import type { LeanRoute } from '../common/http/lean-route.js';
import { Authenticated, CurrentUser, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader, translate, type Language } from '../common/i18n/translator.js';
import { RecordScanDto, ReverseScanDto, ScanLookupQueryDto } from './scan.dto.js';
import { ScanLookupService } from './scan-lookup.service.js';
import { ScanService, type ScanOutcome } from './scan.service.js';

/** Set on the answer to a scan id recorded before: the body is the first answer, nothing counted. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The floor's hottest request: also served on the lean path (scanRecordRoute below). */
export const SCAN_RECORD_PATH = `/${API_PREFIX}/admin/scan/record`;
const SCAN_RECORDED = 'messages.scanRecorded';
const SCAN_REVERSED = 'messages.scanReversed';

/** A scan's answer: the replay header, and the warnings in the caller's language. */
function scanAnswer(outcome: ScanOutcome, language: Language, setHeader: (name: string, value: string) => void): ScanResult {
  if (outcome.replayed) setHeader(REPLAYED_HEADER, 'true');
  const { result } = outcome;
  return { ...result, warnings: result.warnings.map((key) => translate(language, `errors.${key}`)) };
}

/**
 * POST /api/admin/scan/record on the lean path (common/http/lean-route.ts), without Express and
 * Nest's per-request machinery: the same DTO and validation, the same service call, the same
 * answer and message as ScanController.record, which serves every request the lean path does not.
 */
export function scanRecordRoute(scans: ScanService): LeanRoute<RecordScanDto> {
  return {
    path: SCAN_RECORD_PATH,
    dto: RecordScanDto,
    messageKey: SCAN_RECORDED,
    handle: async (body, caller, answer) => scanAnswer(await scans.record(body, caller), answer.language, answer.setHeader),
  };
}

/**
 * The floor's API. Any logged-in user may call it; each scan is checked against the processes
 * the user may execute (their process list), on the server.
 */
@ApiTags('scan')
@Controller('admin/scan')
export class ScanController {
  constructor(
    private readonly scans: ScanService,
    private readonly lookups: ScanLookupService,
  ) {}

  @Post('record')
  @HttpCode(200)
  @Authenticated()
  @SuccessMessage(SCAN_RECORDED)
  @ApiOperation({
    summary: 'Record a scan: pieces of one production order passing one process (exactly once per scanId)',
    description:
      'Re-sending a scanId answers the first answer again (header Idempotent-Replayed: true) and counts nothing; the same scanId with a different order, process, quantity, colour/size or worker is refused (409). Rules: process on the route and executable by the caller; not beyond planned + tolerance; with scan-in-order not beyond the previous process; warehouse-out not beyond warehouse-in; hidden orders refused; unreviewed / undocumented orders flagged (or refused by setting).',
  })
  @ApiHeader({ name: 'Accept-Language', required: false })
  async record(
    // The global ValidationPipe already converts and checks the body as the reflected RecordScanDto;
    // a second pipe here (bodyPipe) would validate the converted body all over again on the
    // floor's hottest path.
    @Body() body: RecordScanDto,
    @CurrentUser() user: AuthenticatedUser,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ScanResult> {
    return scanAnswer(await this.scans.record(body, user), languageFromHeader(language), (name, value) => response.setHeader(name, value));
  }

  @Post('reverse')
  @HttpCode(200)
  @Authenticated()
  @SuccessMessage(SCAN_REVERSED)
  @ApiOperation({ summary: 'Take a scan back with a correcting entry (its own scanId; a scan is taken back at most once)' })
  async reverse(
    @Body(bodyPipe(ReverseScanDto)) body: ReverseScanDto,
    @CurrentUser() user: AuthenticatedUser,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ScanResult> {
    return scanAnswer(await this.scans.reverse(body, user), languageFromHeader(language), (name, value) => response.setHeader(name, value));
  }

  @Get('lookup')
  @Authenticated()
  @ApiOperation({ summary: 'What the scan station shows for an order number (or ticket text) before the quantity' })
  async lookup(
    @Query(bodyPipe(ScanLookupQueryDto)) query: ScanLookupQueryDto,
    @Headers('accept-language') language: string | undefined,
  ): Promise<ScanLookup> {
    const lookup = await this.lookups.lookup(query);
    return { ...lookup, warnings: lookup.warnings.map((key) => translate(languageFromHeader(language), `errors.${key}`)) };
  }
}
