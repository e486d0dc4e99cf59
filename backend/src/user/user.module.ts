import { Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { USER_DEFINITION } from '../../../contracts/users.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionRepository } from '../auth/session.repository.js';
import { SecurityLogService } from '../security-log/security-log.service.js';
import { EventBus } from '../events/event-bus.service.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { createMasterDataController, masterDataServiceToken } from '../master-data/master-data.controller-factory.js';
import { buildMasterDataDto } from '../master-data/master-data.dto-factory.js';
import { ReferenceGuard } from '../master-data/reference-guard.js';
import { RoleModule } from '../role/role.module.js';
import { RoleRepository } from '../role/role.repository.js';
import { DepartmentEntity } from './department.entity.js';
import { UserAdminController } from './user-admin.controller.js';
import { CreateUserDto } from './user-admin.dto.js';
import { UserAdminService } from './user-admin.service.js';
import { UserController } from './user.controller.js';
import { UserEntity } from './user.entity.js';
import { UserService } from './user.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, DepartmentEntity]), RoleModule],
  controllers: [
    UserController,
    // Usernames and names of every account: only for those who manage users or permissions, and
    // for payroll (the appraisal screen filters by worker and shows their names anyway).
    createMasterDataController(USER_DEFINITION, {
      create: CreateUserDto,
      update: buildMasterDataDto(USER_DEFINITION, 'update'),
      optionsRoutes: ['UserIndex', 'Permission', 'PerformanceAppraisalDetails'],
    }),
    UserAdminController,
  ],
  providers: [
    UserService,
    {
      provide: masterDataServiceToken('user'),
      inject: [getDataSourceToken(), UnitOfWork, ReferenceGuard, SessionRepository, EventBus, PasswordHasher, SecurityLogService, RoleRepository],
      useFactory: (
        dataSource: DataSource,
        unitOfWork: UnitOfWork,
        references: ReferenceGuard,
        sessions: SessionRepository,
        events: EventBus,
        hasher: PasswordHasher,
        securityLog: SecurityLogService,
        roles: RoleRepository,
      ) => new UserAdminService(USER_DEFINITION, dataSource, unitOfWork, references, sessions, events, hasher, securityLog, roles),
    },
  ],
})
export class UserModule {}
