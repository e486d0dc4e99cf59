import { Injectable } from '@nestjs/common';
import { bundleCodeOf, encodeBundleTicket, MAX_BUNDLES_PER_LAY, type BundleTicket, type LayRecord, type OrderCutting } from '../../../contracts/bundles.js';
import { ROOMS } from '../../../contracts/events.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { UnitOfWork, type Transaction } from '../events/unit-of-work.service.js';
import { ScanRepository, type RouteStepState } from '../scan/scan.repository.js';
import { ScanService } from '../scan/scan.service.js';
import type { LayDto } from './cutting.dto.js';
import { CuttingRepository, cutIntoBundles, type NewBundle, type StoredLaySize } from './cutting.repository.js';

/**
 * Lays at the cutting table and the bundles they make (contracts/bundles.ts). Every write holds
 * the order's row lock (the one every scan of the order takes), so bundle numbers per order are
 * max + 1 without gaps or duplicates, and a lay's cutting scans and its bundles commit together.
 */
@Injectable()
export class CuttingService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly cutting: CuttingRepository,
    private readonly scanRepository: ScanRepository,
    private readonly scans: ScanService,
  ) {}

  async orderCutting(orderId: number): Promise<OrderCutting> {
    return this.unitOfWork.run(async (tx) => {
      const order = await this.cutting.order(tx.manager, orderId);
      if (!order) throw new DomainException('orderNotFound', { orderNo: String(orderId) }, { field: 'orderId' });
      const [grid, cut, route, lays] = await Promise.all([
        this.cutting.grid(tx.manager, orderId),
        this.cutting.cut(tx.manager, orderId),
        this.scanRepository.route(tx.manager, orderId),
        this.cutting.lays(tx.manager, orderId),
      ]);
      const cutOf = new Map(cut.map((row) => [`${row.colorId}:${row.sizeId}`, row.cut]));
      const colors = new Map<number, string>();
      const sizes = new Map<number, string>();
      for (const cell of grid) {
        colors.set(cell.colorId, cell.colorName);
        sizes.set(cell.sizeId, cell.sizeName);
      }
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        cuttingProcessId: route.find((step) => step.cutting)?.processId ?? null,
        colors: [...colors].map(([id, name]) => ({ id, name })),
        sizes: [...sizes].map(([id, name]) => ({ id, name })),
        cells: grid.map((cell) => {
          const done = cutOf.get(`${cell.colorId}:${cell.sizeId}`) ?? 0;
          return { colorId: cell.colorId, sizeId: cell.sizeId, ordered: cell.ordered, cut: done, difference: done - cell.ordered };
        }),
        lays,
      };
    });
  }

  /** `at`: when the lay was cut (the demo seed dates its lays in the past; the screens send none). */
  async create(input: LayDto, user: AuthenticatedUser, at?: Date): Promise<LayRecord> {
    return this.unitOfWork.run(async (tx) => {
      const { cuttingStep } = await this.lockOrder(tx, input.orderId);
      const plan = await this.plan(tx, input, user, cuttingStep);
      const layNo = await this.cutting.nextLayNo(tx.manager, input.orderId);
      const lay = await this.cutting.insertLay(tx.manager, {
        orderId: input.orderId,
        layNo,
        colorId: input.colorId,
        plies: input.plies,
        sizes: plan.sizes,
        bundleSize: input.bundleSize,
        cutterId: plan.cutterId,
        note: input.note ?? '',
        createdBy: user.id,
      });
      await this.makeBundles(tx, { ...plan, orderId: input.orderId, layId: lay.id, version: lay.version, colorId: input.colorId, bundleSize: input.bundleSize }, cuttingStep, user, at);
      tx.publish('bundle.changed', { bundleId: null, orderId: input.orderId, code: null, layId: lay.id }, [ROOMS.order(input.orderId)]);
      return this.record(tx, input.orderId, lay.id);
    });
  }

  async update(id: number, input: LayDto, user: AuthenticatedUser): Promise<LayRecord> {
    if (input.version === undefined) throw new DomainException('validation', {}, { field: 'version', problem: 'required', params: {} });
    return this.unitOfWork.run(async (tx) => {
      const existing = await this.cutting.lay(tx.manager, id);
      if (!existing) throw new DomainException('layNotFound', {}, { field: 'id' });
      const { cuttingStep } = await this.lockOrder(tx, existing.orderId);
      const lay = await this.cutting.lay(tx.manager, id);
      if (!lay) throw new DomainException('layNotFound', {}, { field: 'id' });
      if (lay.version !== input.version) throw new DomainException('staleVersion', {}, { field: 'version' });
      const plan = await this.plan(tx, { ...input, orderId: lay.orderId }, user, cuttingStep);
      await this.takeBack(tx, lay.id, lay.version, user);
      const version = await this.cutting.updateLay(tx.manager, lay.id, lay.version, {
        colorId: input.colorId,
        plies: input.plies,
        sizes: plan.sizes,
        bundleSize: input.bundleSize,
        cutterId: plan.cutterId,
        note: input.note ?? lay.note,
      });
      if (version === null) throw new DomainException('staleVersion', {}, { field: 'version' });
      await this.makeBundles(tx, { ...plan, orderId: lay.orderId, layId: lay.id, version, colorId: input.colorId, bundleSize: input.bundleSize }, cuttingStep, user);
      tx.publish('bundle.changed', { bundleId: null, orderId: lay.orderId, code: null, layId: lay.id }, [ROOMS.order(lay.orderId)]);
      return this.record(tx, lay.orderId, lay.id);
    });
  }

  async remove(id: number, version: number | undefined, user: AuthenticatedUser): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const existing = await this.cutting.lay(tx.manager, id);
      if (!existing) throw new DomainException('layNotFound', {}, { field: 'id' });
      await this.scanRepository.lockOrder(tx.manager, existing.orderId);
      const lay = await this.cutting.lay(tx.manager, id);
      if (!lay) throw new DomainException('layNotFound', {}, { field: 'id' });
      if (version !== undefined && lay.version !== version) throw new DomainException('staleVersion', {}, { field: 'version' });
      await this.takeBack(tx, lay.id, lay.version, user);
      await this.cutting.voidLay(tx.manager, lay.id);
      tx.publish('bundle.changed', { bundleId: null, orderId: lay.orderId, code: null, layId: lay.id }, [ROOMS.order(lay.orderId)]);
    });
  }

  async tickets(filter: { layId?: number; orderId?: number }): Promise<BundleTicket[]> {
    if (filter.layId === undefined && filter.orderId === undefined) throw new DomainException('ticketFilterMissing', {}, { field: 'layId' });
    return this.unitOfWork.run(async (tx) => {
      const rows = await this.cutting.tickets(tx.manager, filter);
      const coupons = new Map<number, BundleTicket['coupons']>();
      for (const orderId of new Set(rows.map((row) => row.orderId))) {
        const route = await this.scanRepository.route(tx.manager, orderId);
        const start = route.findIndex((step) => step.cutting);
        coupons.set(
          orderId,
          route.slice(start + 1).map((step) => ({ processCode: step.processCode, processName: step.processName })),
        );
      }
      return rows.map(({ orderId, ...row }) => ({ ...row, qr: encodeBundleTicket(row.code), coupons: coupons.get(orderId) ?? [] }));
    });
  }

  /** Locks the order (all its scans and lays serialise on it) and finds the route's cutting process. */
  private async lockOrder(tx: Transaction, orderId: number): Promise<{ cuttingStep: RouteStepState }> {
    const order = await this.scanRepository.lockOrder(tx.manager, orderId);
    if (!order) throw new DomainException('orderNotFound', { orderNo: String(orderId) }, { field: 'orderId' });
    if (order.hidden) throw new DomainException('orderHidden');
    const route = await this.scanRepository.route(tx.manager, orderId);
    const cuttingStep = route.find((step) => step.cutting);
    if (!cuttingStep) throw new DomainException('noCuttingProcess');
    return { cuttingStep };
  }

  /** Checks the lay against the order's grid and works out its sizes, bundles and cutter. */
  private async plan(tx: Transaction, input: LayDto, user: AuthenticatedUser, cuttingStep: RouteStepState) {
    const grid = await this.cutting.grid(tx.manager, input.orderId);
    const ofColor = grid.filter((cell) => cell.colorId === input.colorId);
    if (ofColor.length === 0) throw new DomainException('cellNotInOrder', {}, { field: 'colorId' });
    if (input.sizes.length === 0) throw new DomainException('laySizeInvalid', {}, { field: 'sizes' });
    const given = new Map<number, { ratio?: number; quantity?: number }>();
    for (const size of input.sizes) {
      if ((size.ratio === undefined) === (size.quantity === undefined)) throw new DomainException('laySizeInvalid', {}, { field: 'sizes' });
      if (given.has(size.sizeId)) throw new DomainException('laySizeRepeated', {}, { field: 'sizes' });
      if (!ofColor.some((cell) => cell.sizeId === size.sizeId)) throw new DomainException('cellNotInOrder', {}, { field: 'sizes' });
      given.set(size.sizeId, size);
    }
    // Sizes in the order of the size group (the grid's order), whatever order they were sent in.
    const sizes: StoredLaySize[] = ofColor
      .filter((cell) => given.has(cell.sizeId))
      .map((cell) => {
        const size = given.get(cell.sizeId)!;
        return size.ratio !== undefined
          ? { sizeId: cell.sizeId, ratio: size.ratio, quantity: size.ratio * input.plies }
          : { sizeId: cell.sizeId, ratio: null, quantity: size.quantity! };
      });
    const count = sizes.reduce((total, size) => total + Math.ceil(size.quantity / input.bundleSize), 0);
    if (count > MAX_BUNDLES_PER_LAY) throw new DomainException('layTooManyBundles', { count, max: MAX_BUNDLES_PER_LAY }, { field: 'bundleSize' });

    const cutterId = input.cutterId ?? user.id;
    const [cutter] = await tx.manager.query(`SELECT process_ids AS "processIds" FROM app_user WHERE id = $1 AND enabled`, [cutterId]);
    if (!cutter) throw new DomainException('referenceInvalid', {}, { field: 'cutterId' });
    if (!(cutter.processIds as number[] | null)?.includes(cuttingStep.processId)) {
      throw new DomainException('cutterNotAllowed', { process: cuttingStep.processName }, { field: 'cutterId' });
    }
    return { sizes, cutterId };
  }

  /**
   * Numbers the lay's bundles after the order's last (per size in size-group order, the
   * remainder bundle of a size last), inserts them and records each one's cutting scan for the
   * cutter under the normal scan rules (plan + tolerance per cell).
   */
  private async makeBundles(
    tx: Transaction,
    lay: { orderId: number; layId: number; version: number; colorId: number; bundleSize: number; sizes: StoredLaySize[]; cutterId: number },
    cuttingStep: RouteStepState,
    user: AuthenticatedUser,
    at?: Date,
  ): Promise<void> {
    const order = (await this.cutting.order(tx.manager, lay.orderId))!;
    let bundleNo = await this.cutting.nextBundleNo(tx.manager, lay.orderId);
    const bundles: NewBundle[] = [];
    for (const size of lay.sizes) {
      for (const quantity of cutIntoBundles(size.quantity, lay.bundleSize)) {
        bundles.push({ bundleNo, code: bundleCodeOf(order.orderNo, bundleNo), sizeId: size.sizeId, quantity });
        bundleNo += 1;
      }
    }
    const inserted = await this.cutting.insertBundles(tx.manager, {
      orderId: lay.orderId,
      layId: lay.layId,
      colorId: lay.colorId,
      cuttingProcessId: cuttingStep.processId,
      cutterId: lay.cutterId,
      bundles,
      at,
    });
    const byNo = new Map(bundles.map((bundle) => [bundle.bundleNo, bundle]));
    for (const bundle of inserted) {
      const made = byNo.get(bundle.bundleNo)!;
      await this.scans.recordWithin(
        tx,
        {
          scanId: `lay-${lay.layId}-b${bundle.bundleNo}-v${lay.version}`,
          orderId: lay.orderId,
          processId: cuttingStep.processId,
          quantity: made.quantity,
          colorId: lay.colorId,
          sizeId: made.sizeId,
          workerId: lay.cutterId,
          deviceId: 'cutting',
          scannedAt: at?.toISOString(),
        },
        user,
        // The cutter was checked against the cutting process; the caller needs the Cutting screen only.
        { bundleId: bundle.id, skipPermissionChecks: true },
      );
    }
  }

  /** Refused once a bundle went past cutting; else takes the cutting scans back and voids the bundles. */
  private async takeBack(tx: Transaction, layId: number, version: number, user: AuthenticatedUser): Promise<void> {
    if (await this.cutting.layLocked(tx.manager, layId)) throw new DomainException('layBundlesScanned');
    for (const scan of await this.cutting.cuttingScans(tx.manager, layId)) {
      await this.scans.reverseWithin(
        tx,
        { scanId: `lay-${layId}-b${scan.bundleNo}-v${version}-x`, reversesScanId: scan.scanId, deviceId: 'cutting', note: 'lay changed' },
        user,
        { skipPermissionChecks: true },
      );
    }
    await this.cutting.voidBundles(tx.manager, layId);
  }

  private async record(tx: Transaction, orderId: number, layId: number): Promise<LayRecord> {
    return (await this.cutting.lays(tx.manager, orderId)).find((lay) => lay.id === layId)!;
  }
}
