import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListPage, MasterDataDefinition, MasterRecord } from '../../../contracts/master-data.js';
import { ROOMS } from '../../../contracts/events.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import type { ParsedListQuery } from './list-query.js';
import { MasterDataRepository } from './master-data.repository.js';
import { assertUploadExists } from '../upload/upload-reference.js';
import { ReferenceGuard } from './reference-guard.js';

export type WriteValues = Record<string, unknown>;

/** PostgreSQL error codes this service turns into user-facing errors. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PgError {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

/**
 * The generic master-data service: list, detail, create, update (optimistic), delete (refused
 * while referenced), options and export, for any definition. Entities with real behaviour
 * subclass it and override the hooks (`beforeWrite`, `afterWrite`, `withDetails`).
 */
export class MasterDataService {
  readonly repository: MasterDataRepository;

  constructor(
    readonly definition: MasterDataDefinition,
    @InjectDataSource() protected readonly dataSource: DataSource,
    protected readonly unitOfWork: UnitOfWork,
    protected readonly references: ReferenceGuard,
  ) {
    this.repository = new MasterDataRepository(definition);
  }

  async list(query: ParsedListQuery): Promise<ListPage<MasterRecord>> {
    const { rows, total } = await this.repository.list(this.dataSource.manager, query);
    return { list: rows, total, page: query.page, pageSize: query.pageSize };
  }

  async exportRows(query: ParsedListQuery, limit: number): Promise<MasterRecord[]> {
    return this.repository.all(this.dataSource.manager, query, limit);
  }

  async detail(id: number): Promise<MasterRecord> {
    const record = await this.repository.findById(this.dataSource.manager, id);
    if (!record) throw new DomainException('notFound');
    return this.withDetails(this.dataSource.manager, record);
  }

  async options(): Promise<{ id: number; code: string; name: string }[]> {
    return this.repository.options(this.dataSource.manager);
  }

  async create(input: WriteValues, actor?: AuthenticatedUser): Promise<MasterRecord> {
    this.refuseReadOnly();
    return this.write(async (tx) => {
      const values = await this.beforeWrite(tx, input, null, actor);
      await this.checkImages(tx, values);
      const id = await this.repository.insert(tx.manager, this.ownFields(values), this.extraColumns(values));
      await this.afterWrite(tx, id, values, null, actor);
      return this.published(tx, id, 'created');
    });
  }

  async update(input: WriteValues & { id: number; version: number }, actor?: AuthenticatedUser): Promise<MasterRecord> {
    this.refuseReadOnly();
    const { id, version, ...changes } = input;
    return this.write(async (tx) => {
      const existing = await this.repository.findById(tx.manager, id);
      if (!existing) throw new DomainException('notFound');
      const values = await this.beforeWrite(tx, changes, existing, actor);
      await this.checkImages(tx, values);
      const updated = await this.repository.update(tx.manager, id, version, this.ownFields(values), this.extraColumns(values));
      if (!updated) throw new DomainException('conflict');
      await this.afterWrite(tx, id, values, existing, actor);
      return this.published(tx, id, 'updated');
    });
  }

  async delete(id: number, actor?: AuthenticatedUser): Promise<void> {
    this.refuseReadOnly();
    await this.write(async (tx) => {
      const existing = await this.repository.findById(tx.manager, id);
      if (!existing) throw new DomainException('notFound');
      await this.beforeDelete(tx, existing, actor);
      await this.references.refuseIfReferenced(tx.manager, this.repository.table, id, this.childTables());
      await this.repository.delete(tx.manager, id);
      tx.publish('masterData.changed', { entity: this.definition.name, id, action: 'deleted' }, [ROOMS.masterData(this.definition.name)]);
    });
  }

  // ——— hooks for entities with behaviour ———

  // `actor` is the user making the change (absent for system writes such as the demo seed).

  /** Checks rules and returns the values to write (may add or change some). */
  protected async beforeWrite(_tx: Transaction, values: WriteValues, _existing: MasterRecord | null, _actor?: AuthenticatedUser): Promise<WriteValues> {
    return values;
  }

  /** Writes what lives outside the entity's own table (child rows), in the same transaction. */
  protected async afterWrite(_tx: Transaction, _id: number, _values: WriteValues, _existing: MasterRecord | null, _actor?: AuthenticatedUser): Promise<void> {}

  protected async beforeDelete(_tx: Transaction, _existing: MasterRecord, _actor?: AuthenticatedUser): Promise<void> {}

  /** Columns of the entity's own table that are not fields of the definition (e.g. a password hash), by column name. */
  protected extraColumns(_values: WriteValues): Record<string, unknown> {
    return {};
  }

  /** Adds child data to a detail (colours of a style, sizes of a group, …). */
  protected async withDetails(_manager: EntityManager, record: MasterRecord): Promise<MasterRecord> {
    return record;
  }

  /** Tables owned by this entity (deleted with it), not counted as "in use". */
  protected childTables(): string[] {
    return [];
  }

  // ——— internals ———

  private refuseReadOnly(): void {
    if (this.definition.readOnly) throw new DomainException('forbidden');
  }

  /** Every image field must name an uploaded image (goods.image, color.cardImage, …). */
  private async checkImages(tx: Transaction, values: WriteValues): Promise<void> {
    for (const [field, definition] of Object.entries(this.definition.fields)) {
      if (definition.kind === 'image' && field in values) await assertUploadExists(tx.manager, values[field], field);
    }
  }

  /** Only the definition's fields go to the entity's own table. */
  private ownFields(values: WriteValues): WriteValues {
    return Object.fromEntries(Object.entries(values).filter(([field]) => field in this.definition.fields));
  }

  private async published(tx: Transaction, id: number, action: 'created' | 'updated'): Promise<MasterRecord> {
    const record = await this.withDetails(tx.manager, (await this.repository.findById(tx.manager, id))!);
    tx.publish('masterData.changed', { entity: this.definition.name, id, action }, [ROOMS.masterData(this.definition.name)]);
    return record;
  }

  /** Runs a change; duplicates and broken references caught by the database become clear errors. */
  protected async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.unitOfWork.run(work);
    } catch (error) {
      throw this.translateDatabaseError(error);
    }
  }

  private translateDatabaseError(error: unknown): unknown {
    const pgError = error as PgError;
    const code = pgError?.driverError?.code ?? pgError?.code;
    const constraint = pgError?.driverError?.constraint ?? pgError?.constraint ?? '';
    if (code === UNIQUE_VIOLATION) {
      // Unique indexes are named <table>_<field>_unique (see the migrations).
      const field = Object.keys(this.definition.fields).find((name) => constraint.endsWith(`_${name}_unique`)) ?? 'code';
      return new DomainException('alreadyExists', {}, { field, label: this.definition.fields[field]?.label });
    }
    if (code === FOREIGN_KEY_VIOLATION) {
      // A referenced record vanished, or one was added that uses the record being deleted.
      return new DomainException('referenceInvalid');
    }
    return error;
  }
}
