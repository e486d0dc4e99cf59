import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { MasterRecord } from '../../../contracts/master-data.js';
import { CurrentUser, ForRoute, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { masterDataServiceToken, RecordIdDto } from '../master-data/master-data.controller-factory.js';
import { ResetPasswordDto, UpdatePermissionDto } from './user-admin.dto.js';
import type { UserAdminService } from './user-admin.service.js';

/** What users have beyond the generic CRUD: a password reset, the permission screen's save and badge renewal. */
@ApiTags('master data: user')
@Controller('admin/user')
export class UserAdminController {
  constructor(@Inject(masterDataServiceToken('user')) private readonly users: UserAdminService) {}

  @Post('resetPassword')
  @HttpCode(200)
  @ForRoute('UserUpdate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: "Set a user's password; their other sessions end" })
  @ApiBody({ type: ResetPasswordDto })
  async resetPassword(@Body(bodyPipe(ResetPasswordDto)) body: ResetPasswordDto, @CurrentUser() actor: AuthenticatedUser): Promise<null> {
    await this.users.resetPassword(body.id, body.password, actor);
    return null;
  }

  @Post('updatePermission')
  @HttpCode(200)
  @ForRoute('Permission')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: "Set a user's screen permissions and process lists (takes effect on their next request)" })
  @ApiBody({ type: UpdatePermissionDto })
  updatePermission(@Body(bodyPipe(UpdatePermissionDto)) body: UpdatePermissionDto, @CurrentUser() actor: AuthenticatedUser): Promise<MasterRecord> {
    return this.users.updatePermission(body, actor);
  }

  @Post(':id/badge')
  @HttpCode(200)
  @ForRoute('UserUpdate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: "Give a user a new badge code (a lost badge): the old badge QR stops working; answers the user with badgeCode" })
  renewBadge(@Param(bodyPipe(RecordIdDto)) params: RecordIdDto, @CurrentUser() actor: AuthenticatedUser): Promise<MasterRecord> {
    return this.users.renewBadge(params.id, actor);
  }
}
