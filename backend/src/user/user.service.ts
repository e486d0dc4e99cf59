import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { Department, UserInfo } from '../../../contracts/api.js';
import type { SessionAccess } from '../../../contracts/users.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { RoleRepository } from '../role/role.repository.js';
import { assertUploadExists } from '../upload/upload-reference.js';
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
      avatar: user.avatar ?? '',
      mustChangePassword: user.mustChangePassword,
      passwordIsDefault: user.passwordIsDefault,
    };
  }

  /**
   * Sets (or, with null, removes) the caller's avatar: an image the caller uploaded. Another
   * user's upload (a colour card, a production document) is refused like a missing one.
   */
  async setAvatar(userId: number, avatar: string | null): Promise<UserInfo> {
    await this.dataSource.transaction(async (manager) => {
      await assertUploadExists(manager, avatar, 'avatar');
      if (avatar !== null) {
        const owners: { created_by: number | null }[] = await manager.query(`SELECT created_by FROM upload WHERE id = $1`, [avatar]);
        if (owners[0]?.created_by !== userId) throw new DomainException('uploadNotFound', {}, { field: 'avatar' });
      }
      await manager.query(`UPDATE app_user SET avatar = $2 WHERE id = $1`, [userId, avatar]);
    });
    return this.info(userId);
  }

  async departmentList(): Promise<Department[]> {
    const rows = await this.departments.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    return rows.map(({ id, code, name }) => ({ id, code, name }));
  }
}
