import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainException } from '../common/errors/domain.exception.js';
import { Public } from '../common/http/route-access.decorators.js';
import { MetricsService } from './metrics.service.js';

/**
 * GET /metrics (outside the /api prefix and the {code,message,data} envelope: its reader is
 * Prometheus). Not part of the API, so not in the OpenAPI document; README "Configuration" and
 * docs/ARCHITECTURE.md "Operations: metrics" describe it.
 *
 * Access: @Public for the session guard, because the token here is the operators' own
 * (METRICS_TOKEN), checked below. Without METRICS_TOKEN the endpoint answers 404 like any
 * unknown path; with it, a missing or wrong token answers 401 (in the envelope, translated).
 * Outside /api, so load shedding does not refuse the scrape that would show the overload; a
 * refused scrape is a hash and a compare, and concurrent scrapes share one serialisation.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Public()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    if (!this.metrics.enabled) throw new DomainException('routeNotFound');
    if (!this.metrics.authorized(authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new DomainException('metricsUnauthorized');
    }
    const text = await this.metrics.scrape();
    response.setHeader('Content-Type', this.metrics.contentType);
    response.setHeader('Cache-Control', 'no-store');
    response.send(text);
  }
}
