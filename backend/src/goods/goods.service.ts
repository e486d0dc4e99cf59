import type { EntityManager } from 'typeorm';
import type { MasterRecord } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { Transaction } from '../events/unit-of-work.service.js';
import { MasterDataService, type WriteValues } from '../master-data/master-data.service.js';
import { COLORS_LABEL, SIZES_LABEL } from './goods.dto.js';
import { idsOf } from './goods-ids.js';
import { GoodsRepository } from './goods.repository.js';


/**
 * Goods (styles): the generic record plus the colours it comes in (in order, at least one) and
 * which sizes of its size group it comes in (none selected = all of them).
 */
export class GoodsService extends MasterDataService {
  private readonly goods = new GoodsRepository();

  protected override async beforeWrite(tx: Transaction, values: WriteValues, existing: MasterRecord | null): Promise<WriteValues> {
    const result: WriteValues = { ...values };

    const colorIds = idsOf(values.colorIds, 'colorIds', COLORS_LABEL);
    if (colorIds !== undefined || !existing) {
      // "Select a colour first": a style without colours cannot be ordered.
      if (!colorIds?.length) throw new DomainException('selectColorFirst', {}, { field: 'colorIds' });
      const known = await this.goods.existingColorIds(tx.manager, colorIds);
      const unknown = colorIds.filter((id) => !known.has(id));
      if (unknown.length) throw new DomainException('referenceInvalid', {}, { field: 'colorIds', ids: unknown });
      result.colorIds = colorIds;
    }

    const sizeGroupId = (values.sizeGroup ?? existing?.sizeGroup) as number;
    const sizeGroupChanged = existing !== null && values.sizeGroup !== undefined && values.sizeGroup !== existing.sizeGroup;
    let sizeIds = idsOf(values.sizeIds, 'sizeIds', SIZES_LABEL);
    // Sizes of the old group mean nothing in a new one: changing the group without choosing
    // sizes again selects all of the new group's sizes.
    if (sizeIds === undefined && sizeGroupChanged) sizeIds = [];
    if (sizeIds !== undefined) {
      const inGroup = sizeIds.length ? await this.goods.sizeIdsInGroup(tx.manager, sizeGroupId, sizeIds) : new Set<number>();
      if (sizeIds.some((id) => !inGroup.has(id))) {
        throw new DomainException('sizeNotInGroup', {}, { field: 'sizeIds' });
      }
      result.sizeIds = sizeIds;
    }
    return result;
  }

  protected override async afterWrite(tx: Transaction, id: number, values: WriteValues): Promise<void> {
    if (values.colorIds) await this.goods.replaceColors(tx.manager, id, values.colorIds as number[]);
    if (values.sizeIds) await this.goods.replaceSizes(tx.manager, id, values.sizeIds as number[]);
  }

  protected override async withDetails(manager: EntityManager, record: MasterRecord): Promise<MasterRecord> {
    return {
      ...record,
      colors: await this.goods.colorsOf(manager, record.id),
      sizes: await this.goods.sizesOf(manager, record.id, record.sizeGroup as number),
    };
  }

  protected override childTables(): string[] {
    return ['goods_color', 'goods_size'];
  }
}
