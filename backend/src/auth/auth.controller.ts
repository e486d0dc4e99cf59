import { Body, Controller, HttpCode, Ip, Post, Headers } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LoginResult } from '../../../contracts/api.js';
import { Authenticated, CurrentUser, Public, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { AuthService } from './auth.service.js';
import { LoginDto, LoginResultDto } from './login.dto.js';
import { OpenBeforePasswordChange } from './password-change.decorator.js';

@ApiTags('auth')
@Controller('admin/login')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @SuccessMessage('messages.loginSuccess')
  @ApiOperation({
    summary: 'Log in; refused when the account has no permission',
    description:
      'Throttled per username+address and per address (429 with Retry-After; a point is taken before the password check and returned on success). ' +
      'Answers 503 with Retry-After when too many password checks are queued. When `mustChangePassword` is true, only ' +
      'POST /admin/user/changePassword, POST /admin/login/logout and GET /admin/user/info are open until the password is changed.',
  })
  @ApiEnvelopeResponse(LoginResultDto)
  login(@Body() body: LoginDto, @Ip() ip: string, @Headers('user-agent') userAgent = ''): Promise<LoginResult> {
    return this.auth.login(body.username, body.password, { ip, userAgent });
  }

  @Post('logout')
  @HttpCode(200)
  @Authenticated()
  @OpenBeforePasswordChange()
  @SuccessMessage('messages.logoutSuccess')
  @ApiOperation({ summary: 'End this session on the server (its sockets are disconnected too)' })
  async logout(@CurrentUser() user: AuthenticatedUser): Promise<null> {
    await this.auth.logout(user);
    return null;
  }
}
