import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RoleRecord } from '../../../contracts/users.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { CurrentUser, ForRoute, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { CreateRoleDto, DeleteRoleDto, RoleDto, UpdateRoleDto } from './role.dto.js';
import { RoleService } from './role.service.js';

/** Roles belong to the permission screen: only holders of `Permission` see or change them. */
@ApiTags('roles')
@Controller('admin/role')
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @Get('list')
  @ForRoute('Permission')
  @ApiOperation({ summary: 'Every role with its screens and how many users hold it, by name' })
  @ApiEnvelopeResponse(RoleDto, { isArray: true })
  list(): Promise<RoleRecord[]> {
    return this.roles.list();
  }

  @Post('create')
  @HttpCode(200)
  @ForRoute('Permission')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Create a role', description: '409 alreadyExists when another role has the name (ignoring case).' })
  @ApiBody({ type: CreateRoleDto })
  @ApiEnvelopeResponse(RoleDto)
  create(@Body(bodyPipe(CreateRoleDto)) body: CreateRoleDto, @CurrentUser() actor: AuthenticatedUser): Promise<RoleRecord> {
    return this.roles.create(body, actor);
  }

  @Post('update')
  @HttpCode(200)
  @ForRoute('Permission')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({
    summary: "Rename a role or change its screens (holders' access changes on their next request)",
    description:
      '409 conflict on a stale version; 409 alreadyExists on a taken name; 409 lastPermissionAdmin / cannotRemoveOwnAdmin when it would leave ' +
      'no permission administrator or demote the caller; 403 cannotGainOwnPermissions when the caller holds the role and it would give them more.',
  })
  @ApiBody({ type: UpdateRoleDto })
  @ApiEnvelopeResponse(RoleDto)
  update(@Body(bodyPipe(UpdateRoleDto)) body: UpdateRoleDto, @CurrentUser() actor: AuthenticatedUser): Promise<RoleRecord> {
    return this.roles.update(body, actor);
  }

  @Post('delete')
  @HttpCode(200)
  @ForRoute('Permission')
  @SuccessMessage('messages.deleteSuccess')
  @ApiOperation({ summary: 'Delete a role nobody holds', description: '409 roleInUse (naming the holders) while users hold it: take it from them first.' })
  @ApiBody({ type: DeleteRoleDto })
  async delete(@Body(bodyPipe(DeleteRoleDto)) body: DeleteRoleDto, @CurrentUser() actor: AuthenticatedUser): Promise<null> {
    await this.roles.delete(body.id, actor);
    return null;
  }
}
