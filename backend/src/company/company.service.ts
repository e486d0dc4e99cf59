import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { COMPANY_DEFINITION, type MasterRecord } from '../../../contracts/master-data.js';
import { ROOMS } from '../../../contracts/events.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { assertUploadExists } from '../upload/upload-reference.js';
import { CompanyRepository } from './company.repository.js';

/** The company: one record, created on first read, edited with optimistic concurrency. */
@Injectable()
export class CompanyService {
  private readonly companies = new CompanyRepository();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async detail(): Promise<MasterRecord> {
    const manager = this.dataSource.manager;
    await this.companies.ensure(manager);
    return (await this.companies.find(manager))!;
  }

  async update(input: Record<string, unknown> & { version: number }): Promise<MasterRecord> {
    const { version, ...values } = input;
    return this.unitOfWork.run(async (tx) => {
      await this.companies.ensure(tx.manager);
      const existing = (await this.companies.find(tx.manager))!;
      // Fields are optional in the form (a partial update), but a required one may not end up empty.
      for (const [field, definition] of Object.entries(COMPANY_DEFINITION.fields)) {
        const value = field in values ? values[field] : existing[field];
        if (definition.required && (value === null || value === undefined || value === '')) {
          throw new DomainException('validation', {}, { field, problem: 'required', label: definition.label });
        }
      }
      if ('logo' in values) await assertUploadExists(tx.manager, values.logo, 'logo');
      if (!(await this.companies.update(tx.manager, version, values))) throw new DomainException('conflict');
      tx.publish('masterData.changed', { entity: COMPANY_DEFINITION.name, id: 1, action: 'updated' }, [ROOMS.masterData(COMPANY_DEFINITION.name)]);
      return (await this.companies.find(tx.manager))!;
    });
  }
}
