import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityLogModule } from '../security-log/security-log.module.js';
import { UserEntity } from '../user/user.entity.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { RouteAccessAudit } from './route-access.audit.js';
import { SessionPurger } from './session-purger.js';
import { SessionRepository } from './session.repository.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), DiscoveryModule, SecurityLogModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionRepository,
    SessionPurger,
    LoginThrottle,
    PasswordHasher,
    RouteAccessAudit,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, SessionRepository, PasswordHasher, SecurityLogModule],
})
export class AuthModule {}
