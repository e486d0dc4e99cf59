import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { Department, UserInfo } from '../../../contracts/api.js';
import type { SessionAccess } from '../../../contracts/users.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { RoleRepository } from '../role/role.repository.js';
import { DepartmentEntity } from './department.entity.js';
import { UserEntity } from './user.entity.js';

@Injectable()
export class UserService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(DepartmentEntity) private readonly departments: Repository<DepartmentEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly roles: RoleRepository,
  ) {}

  /** The caller's access as the access guard just read it from the database (not the login's copy). */
  async access(user: AuthenticatedUser): Promise<SessionAccess> {
    const roles = await this.roles.findByIds(this.dataSource.manager, await this.roles.roleIdsOfUser(this.dataSource.manager, user.id));
    return {
      userId: user.id,
      permission: user.permissions.join(';'),
      processList: user.processIds.join(';'),
      roles: roles.map(({ id, name }) => ({ id, name })),
    };
  }

  async info(userId: number): Promise<UserInfo> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new DomainException('tokenInvalid');
    return {
      id: user.id,
      username: user.username,
      name: user.nickname || user.username,
      avatar: user.avatar,
      mustChangePassword: user.mustChangePassword,
      passwordIsDefault: user.passwordIsDefault,
    };
  }

  async departmentList(): Promise<Department[]> {
    const rows = await this.departments.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    return rows.map(({ id, code, name }) => ({ id, code, name }));
  }
}
