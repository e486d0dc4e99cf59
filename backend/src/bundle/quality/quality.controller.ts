import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { InspectResult } from '../../../../contracts/bundles.js';
import { Authenticated, CurrentUser, SuccessMessage, type AuthenticatedUser } from '../../common/http/route-access.decorators.js';
import { bodyPipe } from '../../common/http/validation-pipe.js';
import { languageFromHeader, translate } from '../../common/i18n/translator.js';
import { REPLAYED_HEADER } from '../../scan/scan.controller.js';
import { InspectDto, ReworkDto } from './quality.dto.js';
import { QualityService, type QualityOutcome } from './quality.service.js';

/**
 * QC at the station: inspecting a bundle at a QC process and recording the rework of the pieces
 * it sent back. Any logged-in user may call it; the process must be one they may execute (their
 * process list), checked on the server, as for /scan/record.
 */
@ApiTags('bundle')
@Controller('admin/bundle')
export class QualityController {
  constructor(private readonly quality: QualityService) {}

  @Post('inspect')
  @HttpCode(200)
  @Authenticated()
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({
    summary: 'QC inspection of a bundle at a QC process: passed pieces and defects (exactly once per scanId)',
    description:
      'passed + Σ defect quantities must not exceed the pieces open at the QC process (409 inspectTooMany). Passed pieces are a scan at the QC process for the inspector; rework lots go back to an earlier process of the route after cutting; rejects are scrapped (bundle.rejected). With the reworkChargeBack setting, the worker charged with a defect has the pay for those pieces taken back. Re-sending a scanId answers the first answer (header Idempotent-Replayed: true); the same id with another inspection is refused (409 scanIdReused).',
  })
  @ApiHeader({ name: 'Accept-Language', required: false })
  async inspect(
    @Body(bodyPipe(InspectDto)) body: InspectDto,
    @CurrentUser() user: AuthenticatedUser,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<InspectResult> {
    return answer(await this.quality.inspect(body, user), language, response);
  }

  @Post('rework')
  @HttpCode(200)
  @Authenticated()
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({
    summary: "Rework of a bundle's pieces sent back to this process (exactly once per scanId)",
    description:
      "A rework scan at the process (paid at its rework rate, else its piece rate; nothing to the worker charged with the defect; progress does not move), closing the bundle's open rework lots there oldest first; the pieces are open at the QC process again. 409 noReworkOpen when nothing waits for rework here; quantity beyond what waits: 409 reworkTooMany.",
  })
  @ApiHeader({ name: 'Accept-Language', required: false })
  async rework(
    @Body(bodyPipe(ReworkDto)) body: ReworkDto,
    @CurrentUser() user: AuthenticatedUser,
    @Headers('accept-language') language: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<InspectResult> {
    return answer(await this.quality.rework(body, user), language, response);
  }
}

function answer(outcome: QualityOutcome, language: string | undefined, response: Response): InspectResult {
  if (outcome.replayed) response.setHeader(REPLAYED_HEADER, 'true');
  const { result } = outcome;
  const scan = result.scan ? { ...result.scan, warnings: result.scan.warnings.map((key) => translate(languageFromHeader(language), `errors.${key}`)) } : null;
  return { ...result, scan };
}
