import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Department, UserInfo } from '../../../contracts/api.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { Authenticated, CurrentUser, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { DepartmentDto, UserInfoDto } from './user.dto.js';
import { UserService } from './user.service.js';

@ApiTags('user')
@Controller('admin/user')
export class UserController {
  constructor(private readonly users: UserService) {}

  @Get('info')
  @Authenticated()
  @ApiOperation({ summary: 'The logged-in user: name and avatar' })
  @ApiEnvelopeResponse(UserInfoDto)
  info(@CurrentUser() user: AuthenticatedUser): Promise<UserInfo> {
    return this.users.info(user.id);
  }

  @Get('getDepartmentList')
  @Authenticated()
  @ApiOperation({ summary: 'All departments, in display order' })
  @ApiEnvelopeResponse(DepartmentDto, { isArray: true })
  getDepartmentList(): Promise<Department[]> {
    return this.users.departmentList();
  }
}
