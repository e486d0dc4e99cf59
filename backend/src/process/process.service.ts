import type { EntityManager } from 'typeorm';
import type { Localized, MasterRecord, ProcessStep } from '../../../contracts/master-data.js';
import { ROOMS } from '../../../contracts/events.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { Transaction } from '../events/unit-of-work.service.js';
import { MasterDataService, type WriteValues } from '../master-data/master-data.service.js';
import { TABLE_LABELS } from '../master-data/master-data.tables.js';
import { parseProcessSteps } from './process-steps.js';
import { EXCLUSIVE_FLAGS, ProcessRepository, type ExclusiveFlag } from './process.repository.js';

/**
 * The process flow: the generic record plus its sub-processes (`steps`), and two flags that only
 * one process may carry at a time (end process, warehouse-in): setting one clears it elsewhere,
 * in the same transaction.
 */
export class ProcessService extends MasterDataService {
  private readonly processes = new ProcessRepository();

  protected override async beforeWrite(tx: Transaction, values: WriteValues, existing: MasterRecord | null): Promise<WriteValues> {
    const result: WriteValues = { ...values };
    if ('steps' in values && values.steps !== undefined) result.steps = parseProcessSteps(values.steps);

    const claimed = (Object.keys(EXCLUSIVE_FLAGS) as ExclusiveFlag[]).filter((flag) => values[flag] === true);
    if (claimed.length > 0) {
      await this.processes.lockExclusiveFlags(tx.manager);
      const cleared = new Set<number>();
      for (const flag of claimed) {
        for (const id of await this.processes.clearFlag(tx.manager, flag, existing?.id ?? null)) cleared.add(id);
      }
      for (const id of cleared) {
        tx.publish('masterData.changed', { entity: 'process', id, action: 'updated' }, [ROOMS.masterData('process')]);
      }
    }
    return result;
  }

  protected override async afterWrite(tx: Transaction, id: number, values: WriteValues): Promise<void> {
    // On update, leaving `steps` out keeps the steps (a partial update).
    const steps = values.steps as ProcessStep[] | undefined;
    if (steps) await this.processes.replaceSteps(tx.manager, id, steps);
  }

  protected override async beforeDelete(tx: Transaction, existing: MasterRecord): Promise<void> {
    // Users list their processes in arrays, which no foreign key guards.
    const users = await this.processes.usersAssigned(tx.manager, existing.id);
    if (users > 0) {
      const label = TABLE_LABELS.app_user;
      const usages: Localized = { 'zh-CN': `${label['zh-CN']} (${users})`, en: `${label.en} (${users})` };
      throw new DomainException('inUse', { usages });
    }
  }

  protected override async withDetails(manager: EntityManager, record: MasterRecord): Promise<MasterRecord> {
    return { ...record, steps: await this.processes.stepsOf(manager, record.id) };
  }

  protected override childTables(): string[] {
    return ['process_step'];
  }
}
