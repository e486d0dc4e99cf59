import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Department, UserInfo } from '../../../contracts/api.js';
import type { SessionAccess } from '../../../contracts/users.js';
import { AuthService } from '../auth/auth.service.js';
import { ChangePasswordDto } from '../auth/login.dto.js';
import { OpenBeforePasswordChange } from '../auth/password-change.decorator.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { Authenticated, CurrentUser, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { Audited } from '../security-log/audited.decorator.js';
import { DepartmentDto, SessionAccessDto, UpdateAvatarDto, UserInfoDto } from './user.dto.js';
import { UserService } from './user.service.js';

@ApiTags('user')
@Controller('admin/user')
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly auth: AuthService,
  ) {}

  @Get('info')
  @Authenticated()
  @OpenBeforePasswordChange()
  @ApiOperation({ summary: 'The logged-in user: name, avatar, and whether the password must be changed or is a default' })
  @ApiEnvelopeResponse(UserInfoDto)
  info(@CurrentUser() user: AuthenticatedUser): Promise<UserInfo> {
    return this.users.info(user.id);
  }

  @Get('access')
  @Authenticated()
  @OpenBeforePasswordChange()
  @ApiOperation({
    summary: "The caller's effective permissions (roles ∪ extra pages), processes and roles, as they are now",
    description: 'Same format as the login answer. Screens re-read it when the server pushes user.accessChanged to room user:<id>.',
  })
  @ApiEnvelopeResponse(SessionAccessDto)
  access(@CurrentUser() user: AuthenticatedUser): Promise<SessionAccess> {
    return this.users.access(user);
  }

  @Post('changePassword')
  @HttpCode(200)
  @Authenticated()
  @OpenBeforePasswordChange()
  @SuccessMessage('messages.passwordChanged')
  @ApiOperation({
    summary: 'Change your own password (current password required); your other sessions end',
    description:
      'Any logged-in user. 400 currentPasswordWrong when the current password is wrong (throttled like a login: 429), ' +
      '400 passwordWeak when the new one is shorter than 8 characters, a common password or the username, ' +
      '400 passwordUnchanged when it equals the current one. On success this session stays; every other session of the user ends.',
  })
  @ApiBody({ type: ChangePasswordDto })
  async changePassword(@Body(bodyPipe(ChangePasswordDto)) body: ChangePasswordDto, @CurrentUser() user: AuthenticatedUser): Promise<null> {
    await this.auth.changePassword(user, body.currentPassword, body.newPassword);
    return null;
  }

  @Post('updateAvatar')
  @HttpCode(200)
  @Authenticated()
  @Audited({ action: 'user.avatar', target: 'user' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({
    summary: 'Set or remove your own avatar',
    description: "Any logged-in user, for themself only. `avatar`: the id of an image you uploaded (POST upload/avatar), or null / empty to remove it; another user's or an unknown upload is 400 uploadNotFound.",
  })
  @ApiBody({ type: UpdateAvatarDto })
  @ApiEnvelopeResponse(UserInfoDto)
  updateAvatar(@Body(bodyPipe(UpdateAvatarDto)) body: UpdateAvatarDto, @CurrentUser() user: AuthenticatedUser): Promise<UserInfo> {
    return this.users.setAvatar(user.id, body.avatar);
  }

  @Get('getDepartmentList')
  @Authenticated()
  @ApiOperation({ summary: 'All departments, in display order' })
  @ApiEnvelopeResponse(DepartmentDto, { isArray: true })
  getDepartmentList(): Promise<Department[]> {
    return this.users.departmentList();
  }
}
