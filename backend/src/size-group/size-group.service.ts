import type { EntityManager } from 'typeorm';
import type { MasterRecord } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { Transaction } from '../events/unit-of-work.service.js';
import { MasterDataService, type WriteValues } from '../master-data/master-data.service.js';
import { parseSizeEntries, SIZES_LABEL, type SizeInput } from './size-entries.js';
import { SizeRepository } from './size-group.repository.js';

/** PostgreSQL unique_violation and the index that keeps size names unique within a group. */
const UNIQUE_VIOLATION = '23505';
const SIZE_NAME_INDEX = 'size_name_unique';

/**
 * Size groups: the generic record plus its ordered sizes. A size keeps its row (and id) while it
 * stays in the list, because goods refer to sizes; one that goods use cannot be removed.
 */
export class SizeGroupService extends MasterDataService {
  private readonly sizes = new SizeRepository();

  protected override async beforeWrite(tx: Transaction, values: WriteValues, existing: MasterRecord | null): Promise<WriteValues> {
    if (values.sizes === undefined) {
      if (!existing) throw new DomainException('validation', {}, { field: 'sizes', problem: 'required', label: SIZES_LABEL });
      return values; // an update that leaves the sizes as they are
    }
    const entries = parseSizeEntries(values.sizes);
    const current = existing ? await this.sizes.sizesOf(tx.manager, existing.id) : [];
    const currentIds = new Set(current.map((size) => size.id));
    const keptIds = new Set(entries.map((entry) => entry.id).filter((id): id is number => id !== null));
    for (const id of keptIds) {
      // An id of another group (or of nothing) would move or invent a size.
      if (!currentIds.has(id)) throw new DomainException('validation', {}, { field: 'sizes', problem: 'invalid', label: { 'zh-CN': '尺码编号', en: 'Size id' } });
    }
    for (const size of current) {
      if (!keptIds.has(size.id)) await this.references.refuseIfReferenced(tx.manager, 'size', size.id);
    }
    return { ...values, sizes: entries };
  }

  protected override async afterWrite(tx: Transaction, id: number, values: WriteValues): Promise<void> {
    const entries = values.sizes as SizeInput[] | undefined;
    if (entries) await this.sizes.replaceSizes(tx.manager, id, entries);
  }

  protected override async withDetails(manager: EntityManager, record: MasterRecord): Promise<MasterRecord> {
    return { ...record, sizes: await this.sizes.sizesOf(manager, record.id) };
  }

  protected override childTables(): string[] {
    return ['size'];
  }

  /** Two writers racing on the same name get "already exists", like the check before them. */
  protected override write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.write(async (tx) => {
      try {
        return await work(tx);
      } catch (error) {
        const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
        if (driverError?.code === UNIQUE_VIOLATION && driverError.constraint === SIZE_NAME_INDEX) {
          throw new DomainException('alreadyExists', {}, { field: 'sizes', label: SIZES_LABEL });
        }
        throw error;
      }
    });
  }
}
