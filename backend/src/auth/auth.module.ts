import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../user/user.entity.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { RouteAccessAudit } from './route-access.audit.js';
import { SessionRepository } from './session.repository.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), DiscoveryModule],
  controllers: [AuthController],
  providers: [AuthService, SessionRepository, LoginThrottle, RouteAccessAudit, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AuthService, SessionRepository],
})
export class AuthModule {}
