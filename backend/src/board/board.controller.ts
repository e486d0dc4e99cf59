import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BoardSnapshot } from '../../../contracts/production.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { BoardReader } from '../common/http/route-access.decorators.js';
import { DISPLAY_MODE_DESCRIPTION } from './board-filter.js';
import { BoardSnapshotDto } from './board.dto.js';
import { BoardService } from './board.service.js';
import { SnapshotThrottle } from './snapshot-throttle.guard.js';
import { BoardProfileService, type DeviceIdentity } from '../setting/board-profile.service.js';

/** /api/board/snapshot: what a board loads (any logged-in user, or the public board key). */
@ApiTags('board')
@Controller('board')
export class BoardController {
  constructor(
    private readonly board: BoardService,
    private readonly profiles: BoardProfileService,
  ) {}

  @Get('snapshot')
  @BoardReader()
  @UseGuards(SnapshotThrottle)
  @ApiOperation({
    summary: 'Everything a board shows: columns, rows, totals, the event-log head and the board settings',
    description:
      'Shown orders that are open or completed less than completedVisibleDays days ago, narrowed by the display mode and sorted by sortBy, at most 1,000. ' +
      `${DISPLAY_MODE_DESCRIPTION}. Send a session token, the public board key in the \`boardKey\` header (401 when wrong or turned off), or a paired TV's key in the \`deviceKey\` header (its profile's settings apply; 401 once revoked). ` +
      'Rate-limited per session or board key and address, and for the board key as a whole (429 with Retry-After).',
  })
  @ApiEnvelopeResponse(BoardSnapshotDto)
  async snapshot(@Req() request: { boardDevice?: DeviceIdentity }): Promise<BoardSnapshot> {
    const device = request.boardDevice;
    return this.board.snapshot(device ? await this.profiles.boardSettingsFor(device) : undefined);
  }
}
