import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Department, UserInfo } from '../../../contracts/api.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { DepartmentEntity } from './department.entity.js';
import { UserEntity } from './user.entity.js';

@Injectable()
export class UserService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(DepartmentEntity) private readonly departments: Repository<DepartmentEntity>,
  ) {}

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
