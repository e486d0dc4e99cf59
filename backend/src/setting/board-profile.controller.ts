import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BoardDevice, BoardProfile, PairedDevice } from '../../../contracts/board-profiles.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute, SuccessMessage } from '../common/http/route-access.decorators.js';
import { Audited } from '../security-log/audited.decorator.js';
import {
  BoardDeviceViewDto,
  BoardProfileViewDto,
  BoardRecordIdDto,
  CreateBoardProfileDto,
  PairBoardDeviceDto,
  PairedDeviceDto,
  UpdateBoardProfileDto,
} from './board-profile.dto.js';
import { BoardProfileService } from './board-profile.service.js';

/** The board settings screen's permission: whoever may change how boards look may pair and revoke TVs. */
const BOARD_SETTINGS_ROUTE = 'SettingDashboard';

/** /api/admin/boardProfile: named board profiles and the TVs paired to them (kiosk devices). */
@ApiTags('board profiles')
@Controller('admin/boardProfile')
export class BoardProfileController {
  constructor(private readonly profiles: BoardProfileService) {}

  @Get('list')
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @ApiOperation({ summary: 'Every board profile with its number of paired devices (the default profile is the dashboard settings, not listed)' })
  @ApiEnvelopeResponse(BoardProfileViewDto, { isArray: true })
  list(): Promise<BoardProfile[]> {
    return this.profiles.profiles();
  }

  @Post('create')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @Audited({ action: 'setting.update', target: 'boardProfile' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Create a profile; a name already used (ignoring case) is refused with 409' })
  @ApiEnvelopeResponse(BoardProfileViewDto)
  create(@Body() body: CreateBoardProfileDto): Promise<BoardProfile> {
    return this.profiles.createProfile(body);
  }

  @Post('update')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @Audited({ action: 'setting.update', target: 'boardProfile', targetId: 'body.id' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Change a profile (fields left out keep their value); its paired TVs follow at once' })
  @ApiEnvelopeResponse(BoardProfileViewDto)
  update(@Body() body: UpdateBoardProfileDto): Promise<BoardProfile> {
    return this.profiles.updateProfile(body);
  }

  @Post('delete')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @Audited({ action: 'record.delete', target: 'boardProfile', targetId: 'body.id' })
  @SuccessMessage('messages.deleteSuccess')
  @ApiOperation({ summary: 'Delete a profile; its devices move to the default profile (the dashboard settings) and keep running' })
  delete(@Body() body: BoardRecordIdDto): Promise<{ id: number; movedDevices: number }> {
    return this.profiles.deleteProfile(body.id);
  }

  @Get('devices')
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @ApiOperation({ summary: 'Paired TVs with their profile and last-seen time (updated at most once a minute); revoked ones last' })
  @ApiEnvelopeResponse(BoardDeviceViewDto, { isArray: true })
  devices(): Promise<BoardDevice[]> {
    return this.profiles.devices();
  }

  @Post('pair')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @Audited({ action: 'boardDevice.pair', target: 'boardDevice' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Pair a TV: a new device and its key, returned only here (the server keeps a hash); the TV opens `path` once' })
  @ApiEnvelopeResponse(PairedDeviceDto)
  pair(@Body() body: PairBoardDeviceDto): Promise<PairedDevice> {
    return this.profiles.pair(body);
  }

  @Post('revoke')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @Audited({ action: 'boardDevice.revoke', target: 'boardDevice', targetId: 'body.id' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: "Revoke a TV: its sockets are closed at once on every instance and its key gets 401 from then on" })
  @ApiEnvelopeResponse(BoardDeviceViewDto)
  revoke(@Body() body: BoardRecordIdDto): Promise<BoardDevice> {
    return this.profiles.revoke(body.id);
  }
}
