// The scan station's flow: process → code → order → quantity → confirm, with the answer the
// worker sees and hears. Sending goes through the queue (see model/scan-queue.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleDetail, DefectInput } from '@contracts/bundles';
import type { ScanInput, ScanLookup } from '@contracts/production';
import { getBundle, inspectBundle } from '../api/bundle';
import { ApiError } from '../../../lib/http-client';
import { getProcessList } from '../../../lib/session';
import { getCurrentUser, getProcessOptions, lookupOrder, type ProcessOption } from '../api/scan';
import { getDeviceId, newScanId } from '../../../lib/device';
import {
  getLastQuantity,
  getRecentScans,
  getStoredProcess,
  getStoredSubProcess,
  storeLastQuantity,
  storeProcess,
  storeRecentScans,
  storeSubProcess,
  type RecentScan,
} from '../model/device';
import { playFeedback } from '../model/feedback';
import { bundleModeAt, bundleStartQuantity, classifyCode, getAutoRecord, reworkAt, shouldAutoRecord, stepAt, storeAutoRecord, type BundleMode } from '../model/bundle';
import { applyScanResult, remainingOf, startingQuantity, subProcessOf } from '../model/remaining';
import { clampQuantity, parseProcessList, readScan } from '../model/scan-input';
import type { QueueEntry, QueueSnapshot } from '../model/scan-queue';
import { useOnline, useStationQueue } from './use-station-queue';

export type Phase = 'idle' | 'looking' | 'ready' | 'sending' | 'done';

export interface LoadedOrder {
  orderNo: string;
  processId: number;
  lookup: ScanLookup | null;
  /** No answer from the server: scans go to the queue; `lookup` (if any) is the last known. */
  offline: boolean;
}

/** A scanned bundle ticket at the station's process (see model/bundle.ts). */
export interface LoadedBundle {
  code: string;
  processId: number;
  /** Null while looking, or offline without a known detail (then Enter records every open piece). */
  detail: BundleDetail | null;
  offline: boolean;
  mode: BundleMode;
}

/** Refusals of a bundle scan the station names itself (the detail is the server's message). */
const BUNDLE_REFUSALS: Record<string, string> = {
  bundleAlreadyRecorded: 'bundle.alreadyRecorded',
  bundleNotReady: 'bundle.notReady',
  bundleQuantityTooLarge: 'bundle.tooMany',
};

/** A quantity that was waiting for Enter when a new code came in (or Esc): not recorded. */
export interface DroppedQuantity {
  quantity: number;
  orderNo: string;
  reason: 'newScan' | 'cancelled';
}

export interface Feedback {
  kind: 'success' | 'refused' | 'queued' | 'info';
  title: string;
  detail?: string;
  /** Changes on every answer, so the flash replays even for two equal answers in a row. */
  key: number;
  /** The scan the answer is about (a queued scan's banner turns green once it is sent). */
  scanId?: string;
}

const PROCESS_CACHE_KEY = 'stitchboard.scan.processes';

function cachedProcesses(): ProcessOption[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PROCESS_CACHE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ProcessOption[]) : [];
  } catch {
    return [];
  }
}

function cacheProcesses(options: ProcessOption[]): void {
  try {
    window.localStorage.setItem(PROCESS_CACHE_KEY, JSON.stringify(options));
  } catch {
    // Only a convenience for reloads without network.
  }
}

const isNoAnswer = (error: unknown): boolean => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.code >= 500);

/** A queued scan (or take-back) has left the queue: recorded, refused, or taken back. */
function settledState(scan: RecentScan, snapshot: QueueSnapshot): RecentScan['state'] {
  if (scan.state !== 'queued' && scan.state !== 'reversing') return scan.state;
  const reverses = (entry: QueueEntry) => entry.operation.kind === 'reverse' && entry.operation.input.reversesScanId === scan.scanId;
  if (scan.state === 'queued') {
    if (snapshot.pending.some((entry) => entry.scanId === scan.scanId)) return 'queued';
    return snapshot.refused.some((entry) => entry.scanId === scan.scanId) ? 'refused' : 'recorded';
  }
  if (snapshot.pending.some(reverses)) return 'reversing';
  return snapshot.refused.some(reverses) ? 'recorded' : 'reversed';
}

export interface ScanStationOptions {
  /** The worker a scan is credited to, asked when it is sent (a shared station, issue 11); the caller when null. */
  workerId?: () => number | null;
  /** A scan was recorded (now or later from the queue): the worker's numbers today moved. */
  onRecorded?: () => void;
}

export function useScanStation(options: ScanStationOptions = {}) {
  const { t } = useTranslation('scanStation');
  // Read at the moment of use, so a worker switched between renders is the one credited.
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const online = useOnline();
  const [deviceId] = useState(getDeviceId);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const { queue, snapshot } = useStationQueue(ownerId);

  const [processes, setProcesses] = useState<ProcessOption[]>(cachedProcesses);
  const [processesState, setProcessesState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const executable = useMemo(() => parseProcessList(getProcessList()), []);
  const myProcesses = useMemo(() => processes.filter((process) => executable.includes(process.id)), [processes, executable]);
  const [processId, setProcessId] = useState<number | null>(() => {
    const stored = getStoredProcess();
    return stored && executable.includes(stored) ? stored : null;
  });

  const [phase, setPhase] = useState<Phase>('idle');
  const [order, setOrder] = useState<LoadedOrder | null>(null);
  const [waitingOrderNo, setWaitingOrderNo] = useState<string | null>(null);
  const [quantity, setQuantityState] = useState(0);
  const [colorId, setColorId] = useState<number | null>(null);
  const [sizeId, setSizeId] = useState<number | null>(null);
  /** The sub-process the scans name (null: the whole process); remembered per process on this device. */
  const [subProcessId, setSubProcessId] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [dropped, setDropped] = useState<DroppedQuantity | null>(null);
  const [recent, setRecent] = useState<RecentScan[]>(getRecentScans);
  const [bundle, setBundle] = useState<LoadedBundle | null>(null);
  const [waitingBundle, setWaitingBundle] = useState<string | null>(null);
  const [autoRecord, setAutoRecordState] = useState(getAutoRecord);
  const autoRecordRef = useRef(autoRecord);
  autoRecordRef.current = autoRecord;
  /** QC processes known from the process list (the bundle's own steps also say `qc`). */
  const qcProcessIds = useMemo(() => processes.filter((process) => process.qc).map((process) => process.id), [processes]);

  const lookupSeq = useRef(0);
  const lookupCache = useRef(new Map<string, ScanLookup>());
  const bundleCache = useRef(new Map<string, BundleDetail>());
  const busy = useRef(false);

  const say = useCallback((next: Omit<Feedback, 'key'>, sound = true) => {
    setFeedback({ ...next, key: Date.now() + Math.random() });
    if (sound && next.kind !== 'info') playFeedback(next.kind === 'success' ? 'success' : next.kind);
  }, []);

  const processName = useCallback((id: number | null) => processes.find((process) => process.id === id)?.name ?? (id ? `#${id}` : ''), [processes]);

  // ——— start-up: the process flow and who is signed in ———
  useEffect(() => {
    let live = true;
    getProcessOptions()
      .then((options) => {
        if (!live) return;
        setProcesses(options);
        cacheProcesses(options);
        setProcessesState('ready');
      })
      .catch(() => live && setProcessesState(cachedProcesses().length ? 'ready' : 'failed'));
    const loadUser = () =>
      getCurrentUser()
        .then((user) => live && setOwnerId(user.id))
        .catch(() => undefined);
    void loadUser();
    window.addEventListener('online', loadUser);
    return () => {
      live = false;
      window.removeEventListener('online', loadUser);
    };
  }, []);

  // One executable process: nothing to choose.
  useEffect(() => {
    if (processId === null && myProcesses.length === 1) {
      setProcessId(myProcesses[0].id);
      storeProcess(myProcesses[0].id);
    }
  }, [myProcesses, processId]);

  useEffect(() => storeRecentScans(recent), [recent]);

  // A scan sent later from the queue: its numbers reach the order on screen, and a refusal is
  // announced at once (it also waits in the refused list until dismissed).
  const orderRef = useRef(order);
  orderRef.current = order;
  useEffect(
    () =>
      queue.onSettled((event) => {
        if (event.live) return;
        const { entry } = event;
        if (event.kind === 'refused') {
          say({ kind: 'refused', title: t('result.queuedRefused', { orderNo: entry.label.orderNo, process: entry.label.processName }), detail: event.failure.message });
          return;
        }
        optionsRef.current.onRecorded?.();
        const current = orderRef.current;
        const { result } = event;
        if (current?.lookup && current.lookup.row.id === result.order.id) {
          const cell = entry.operation.kind === 'record' ? { colorId: entry.operation.input.colorId ?? null, sizeId: entry.operation.input.sizeId ?? null } : undefined;
          setOrder((shown) => (shown?.lookup && shown.lookup.row.id === result.order.id ? { ...shown, lookup: applyScanResult(shown.lookup, result, cell) } : shown));
        }
        setFeedback((shown) =>
          shown?.kind === 'queued' && shown.scanId === entry.scanId
            ? { ...shown, kind: 'success', title: t('result.queuedSent'), detail: t('result.recordedDetail', { orderNo: entry.label.orderNo, process: entry.label.processName, done: result.step.done, planned: result.step.planned }) }
            : shown,
        );
      }),
    [queue, say, t],
  );

  // Scans answered later (sent from the queue) take the state the server gave them.
  useEffect(() => {
    setRecent((list) => {
      let changed = false;
      const next = list.map((scan) => {
        const state = settledState(scan, snapshot);
        if (state === scan.state) return scan;
        changed = true;
        return { ...scan, state };
      });
      return changed ? next : list;
    });
  }, [snapshot]);

  /** Changing the quantity after a recorded scan means "record this order again". */
  const setQuantity = useCallback((value: number) => {
    setQuantityState(clampQuantity(value));
    setPhase((current) => (current === 'done' ? 'ready' : current));
  }, []);

  // ——— looking an order up ———
  const load = useCallback(
    async (orderNo: string, forProcess: number) => {
      const seq = ++lookupSeq.current;
      setWaitingOrderNo(null);
      setPhase('looking');
      setBundle(null);
      setWaitingBundle(null);
      setOrder({ orderNo, processId: forProcess, lookup: null, offline: false });
      setColorId(null);
      setSizeId(null);
      const cacheKey = `${orderNo.toUpperCase()}|${forProcess}`;
      const startOffline = () => {
        const cached = lookupCache.current.get(cacheKey) ?? null;
        setOrder({ orderNo: cached?.row.orderNo ?? orderNo, processId: forProcess, lookup: cached, offline: true });
        // Offline the step list is the last known one; without it the remembered step is still named.
        setSubProcessId(cached ? (subProcessOf(cached, getStoredSubProcess(forProcess))?.id ?? null) : getStoredSubProcess(forProcess));
        setQuantityState(clampQuantity(startingQuantity(null, getLastQuantity(forProcess))));
        setPhase('ready');
      };
      if (!navigator.onLine) {
        startOffline();
        return;
      }
      try {
        const lookup = await lookupOrder({ orderNo, processId: forProcess });
        if (seq !== lookupSeq.current) return;
        lookupCache.current.set(cacheKey, lookup);
        setOrder({ orderNo: lookup.row.orderNo, processId: forProcess, lookup, offline: false });
        const remembered = getStoredSubProcess(forProcess);
        const subProcess = subProcessOf(lookup, remembered)?.id ?? null;
        setSubProcessId(subProcess);
        // "Remaining" selected in the quantity field: Enter records it, typing replaces it.
        setQuantityState(clampQuantity(startingQuantity(remainingOf(lookup, null, null, subProcess), getLastQuantity(forProcess))));
        setPhase('ready');
      } catch (error) {
        if (seq !== lookupSeq.current) return;
        if (isNoAnswer(error)) {
          startOffline();
          return;
        }
        setOrder(null);
        setPhase('idle');
        if (!(error instanceof ApiError) || error.kind !== 'unauthorized') {
          say({ kind: 'refused', title: t('result.lookupFailed'), detail: error instanceof Error ? error.message : String(error) });
        }
      }
    },
    [say, t],
  );

  // ——— bundles ———
  const refreshBundle = useCallback((code: string) => {
    getBundle(code)
      .then((detail) => setBundle((shown) => (shown && shown.code === code ? { ...shown, detail, offline: false } : shown)))
      .catch(() => undefined);
  }, []);

  /** Records the bundle (scan or rework returned) through the queue; `quantity` 0: every piece open (the server's default). */
  const sendBundle = useCallback(
    async (loaded: LoadedBundle, count: number) => {
      if (busy.current) return;
      busy.current = true;
      const scanId = newScanId();
      const name = processName(loaded.processId);
      const scannedAt = new Date().toISOString();
      const common = { scanId, code: loaded.code, processId: loaded.processId, quantity: count > 0 ? count : undefined, workerId: optionsRef.current.workerId?.() ?? undefined, deviceId };
      const rework = loaded.mode === 'rework';
      setDropped(null);
      setPhase('sending');
      try {
        const outcome = await queue.submit({
          scanId,
          operation: rework ? { kind: 'rework', input: common } : { kind: 'bundle', input: { ...common, scannedAt } },
          label: { orderNo: loaded.code, processName: name, quantity: count },
        });
        const available = bundleStartQuantity(loaded.detail, loaded.processId, loaded.mode);
        const recorded = count > 0 ? count : available;
        const entry: RecentScan = { scanId, orderNo: loaded.code, processId: loaded.processId, processName: name, quantity: recorded, at: scannedAt, state: 'recorded', ownerId };
        if (outcome.status === 'recorded') {
          setRecent((list) => [entry, ...list]);
          optionsRef.current.onRecorded?.();
          const detail = rework
            ? t('bundle.reworkDetail', { code: loaded.code, process: name })
            : t('bundle.recordedDetail', { code: loaded.code, process: name, open: Math.max(0, available - recorded) });
          say({ kind: 'success', title: t(rework ? 'bundle.reworkRecorded' : 'result.recorded', { quantity: recorded }), detail });
          setPhase('done');
          refreshBundle(loaded.code);
        } else if (outcome.status === 'refused') {
          const key = outcome.errorKey ? BUNDLE_REFUSALS[outcome.errorKey] : undefined;
          say({ kind: 'refused', title: key ? t(key, { code: loaded.code }) : t('result.refused'), detail: outcome.message });
          setPhase('ready');
        } else {
          setRecent((list) => [{ ...entry, state: 'queued' }, ...list]);
          say({ kind: 'queued', title: t('result.queued'), detail: t('result.queuedDetail', { orderNo: loaded.code, process: name, quantity: count > 0 ? count : t('bundle.allOpen') }), scanId });
          setPhase('done');
        }
      } finally {
        busy.current = false;
      }
    },
    [deviceId, ownerId, processName, queue, refreshBundle, say, t],
  );

  const loadBundle = useCallback(
    async (code: string, forProcess: number) => {
      const seq = ++lookupSeq.current;
      setWaitingBundle(null);
      setWaitingOrderNo(null);
      setOrder(null);
      setPhase('looking');
      setBundle({ code, processId: forProcess, detail: null, offline: false, mode: 'scan' });
      const cacheKey = `bundle|${code}`;
      const show = (detail: BundleDetail | null, offline: boolean) => {
        const mode = bundleModeAt(detail, forProcess, qcProcessIds);
        const loaded: LoadedBundle = { code: detail?.code ?? code, processId: forProcess, detail, offline, mode };
        setBundle(loaded);
        setQuantityState(bundleStartQuantity(detail, forProcess, mode));
        setPhase('ready');
        return loaded;
      };
      if (!navigator.onLine) {
        show(bundleCache.current.get(cacheKey) ?? null, true);
        return;
      }
      try {
        const detail = await getBundle(code);
        if (seq !== lookupSeq.current) return;
        bundleCache.current.set(cacheKey, detail);
        const loaded = show(detail, false);
        // The fast path: a full bundle is recorded by the scan alone. Nothing open here (and
        // nothing to rework): the server's answer says who recorded it and when, or what is missing.
        const step = stepAt(detail, forProcess);
        const nothingOpen = loaded.mode === 'scan' && step !== null && step.open === 0 && reworkAt(detail, forProcess).total === 0;
        if (autoRecordRef.current && (shouldAutoRecord(detail, forProcess, true, qcProcessIds) || nothingOpen)) {
          await sendBundle(loaded, step?.open ?? 0);
        }
      } catch (error) {
        if (seq !== lookupSeq.current) return;
        if (isNoAnswer(error)) {
          show(bundleCache.current.get(cacheKey) ?? null, true);
          return;
        }
        setBundle(null);
        setPhase('idle');
        if (!(error instanceof ApiError) || error.kind !== 'unauthorized') {
          say({ kind: 'refused', title: t('bundle.lookupFailed', { code }), detail: error instanceof Error ? error.message : String(error) });
        }
      }
    },
    [qcProcessIds, say, sendBundle, t],
  );

  /** Switch a bundle between recording its open pieces and the rework returned here. */
  const setBundleMode = useCallback((mode: BundleMode) => {
    setBundle((current) => {
      if (!current || current.mode === mode) return current;
      setQuantityState(bundleStartQuantity(current.detail, current.processId, mode));
      return { ...current, mode };
    });
    setPhase((current) => (current === 'done' ? 'ready' : current));
  }, []);

  const setAutoRecord = useCallback((on: boolean) => {
    setAutoRecordState(on);
    storeAutoRecord(on);
  }, []);

  /** QC inspection (online only): passed pieces and the defects found. */
  const inspect = useCallback(
    async (passed: number, defects: DefectInput[]): Promise<boolean> => {
      const loaded = bundle;
      if (!loaded || busy.current) return false;
      busy.current = true;
      const scanId = newScanId();
      const name = processName(loaded.processId);
      setPhase('sending');
      try {
        const result = await inspectBundle({ scanId, code: loaded.code, processId: loaded.processId, passed, defects, workerId: optionsRef.current.workerId?.() ?? undefined, deviceId });
        const defective = defects.reduce((sum, defect) => sum + defect.quantity, 0);
        if (result.scan) {
          setRecent((list) => [{ scanId, orderNo: loaded.code, processId: loaded.processId, processName: name, quantity: passed, at: new Date().toISOString(), state: 'recorded', ownerId }, ...list]);
        }
        optionsRef.current.onRecorded?.();
        setBundle((shown) => (shown && shown.code === loaded.code ? { ...shown, detail: result.bundle } : shown));
        say({ kind: 'success', title: t('inspect.recorded', { passed, defects: defective }), detail: `${loaded.code} · ${name}` });
        setPhase('done');
        return true;
      } catch (error) {
        const offline = isNoAnswer(error);
        const key = error instanceof ApiError && typeof error.data.errorKey === 'string' ? BUNDLE_REFUSALS[error.data.errorKey] : undefined;
        say({ kind: 'refused', title: offline ? t('inspect.offline') : key ? t(key, { code: loaded.code }) : t('result.refused'), detail: error instanceof Error ? error.message : String(error) });
        setPhase('ready');
        return false;
      } finally {
        busy.current = false;
      }
    },
    [bundle, deviceId, ownerId, processName, say, t],
  );

  const chooseProcess = useCallback(
    (id: number) => {
      setProcessId(id);
      storeProcess(id);
      const bundleTarget = waitingBundle ?? (bundle && bundle.processId !== id ? bundle.code : null);
      if (bundleTarget) {
        void loadBundle(bundleTarget, id);
        return;
      }
      const target = waitingOrderNo ?? (order && order.processId !== id ? order.orderNo : null);
      if (target) void load(target, id);
    },
    [bundle, load, loadBundle, order, waitingBundle, waitingOrderNo],
  );

  /**
   * A code from the scanner, the keyboard or the camera. A quantity waiting for Enter is not
   * recorded: the code is a new scan (`pendingQuantity`: the quantity before a scanner's burst
   * typed into the field, when the page knows it). A refused code leaves it pending. True when
   * the code started a new scan.
   */
  const handleCode = useCallback(
    (text: string, pendingQuantity?: number): boolean => {
      const read = classifyCode(text);
      if (read.kind === 'bundle') {
        const pendingLabel = order?.orderNo ?? bundle?.code;
        setDropped(phase === 'ready' && pendingLabel && bundle?.mode !== 'inspect' ? { quantity: pendingQuantity ?? quantity, orderNo: pendingLabel, reason: 'newScan' } : null);
        if (!processId) {
          lookupSeq.current++;
          setWaitingBundle(read.code);
          setWaitingOrderNo(null);
          setOrder(null);
          setBundle(null);
          setPhase('idle');
          say({ kind: 'info', title: t('result.chooseProcess', { orderNo: read.code }) }, false);
          return true;
        }
        void loadBundle(read.code, processId);
        return true;
      }
      const reading = readScan(text, processes, executable);
      if (!reading.ok) {
        if (reading.reason === 'empty') return false;
        const title =
          reading.reason === 'unreadable'
            ? t('result.unreadable', { text: reading.text })
            : reading.reason === 'unknownProcess'
              ? t('result.unknownProcess', { code: reading.processCode })
              : t('result.processNotAllowed', { name: reading.process.name });
        say({ kind: 'refused', title });
        return false;
      }
      setDropped(phase === 'ready' && order ? { quantity: pendingQuantity ?? quantity, orderNo: order.orderNo, reason: 'newScan' } : phase === 'ready' && bundle && bundle.mode !== 'inspect' ? { quantity: pendingQuantity ?? quantity, orderNo: bundle.code, reason: 'newScan' } : null);
      let target = processId;
      if (reading.process && reading.process.id !== processId) {
        target = reading.process.id;
        setProcessId(target);
        storeProcess(target);
        say({ kind: 'info', title: t('result.processFromTicket', { name: reading.process.name }) }, false);
      }
      setWaitingBundle(null);
      if (!target) {
        setBundle(null);
        setWaitingOrderNo(reading.orderNo);
        setOrder(null);
        setPhase('idle');
        say({ kind: 'info', title: t('result.chooseProcess', { orderNo: reading.orderNo }) }, false);
        return true;
      }
      void load(reading.orderNo, target);
      return true;
    },
    [bundle, executable, load, loadBundle, order, phase, processId, processes, quantity, say, t],
  );

  // ——— confirming ———
  const confirm = useCallback(async () => {
    if (bundle) {
      if (busy.current || phase !== 'ready' || bundle.mode === 'inspect') return;
      // Nothing typed: every open piece (offline without the detail), or the server's "already recorded".
      if (quantity <= 0 && bundle.detail !== null && bundleStartQuantity(bundle.detail, bundle.processId, bundle.mode) > 0) return;
      await sendBundle(bundle, quantity);
      return;
    }
    if (busy.current || phase !== 'ready' || !order || quantity <= 0) return;
    busy.current = true;
    const { lookup } = order;
    const scanId = newScanId();
    const input: ScanInput = {
      scanId,
      ...(lookup ? { orderId: lookup.row.id } : { orderNo: order.orderNo }),
      processId: order.processId,
      quantity,
      colorId: colorId ?? undefined,
      sizeId: sizeId ?? undefined,
      stepId: subProcessId ?? undefined,
      workerId: optionsRef.current.workerId?.() ?? undefined,
      deviceId,
      scannedAt: new Date().toISOString(),
    };
    const chosen = subProcessOf(lookup, subProcessId);
    const name = chosen?.name ? `${processName(order.processId)} · ${chosen.name}` : processName(order.processId);
    setDropped(null);
    setPhase('sending');
    try {
      const outcome = await queue.submit({ scanId, operation: { kind: 'record', input }, label: { orderNo: order.orderNo, processName: name, quantity } });
      const entry: RecentScan = { scanId, orderNo: order.orderNo, processId: order.processId, processName: name, quantity, at: input.scannedAt!, state: 'recorded', ownerId };
      if (outcome.status === 'recorded') {
        storeLastQuantity(order.processId, quantity);
        const { step } = outcome.result;
        setOrder((current) => (current && current.lookup && current.orderNo === order.orderNo ? { ...current, lookup: applyScanResult(current.lookup, outcome.result, { colorId, sizeId }) } : current));
        setRecent((list) => [entry, ...list]);
        optionsRef.current.onRecorded?.();
        // An earlier sub-process: its own count, not the process's (which did not move).
        const done = chosen && outcome.result.scan.countsProgress === false ? chosen.done + quantity : step.done;
        say({ kind: 'success', title: t('result.recorded', { quantity }), detail: t('result.recordedDetail', { orderNo: order.orderNo, process: name, done, planned: step.planned }) });
        setPhase('done');
      } else if (outcome.status === 'refused') {
        say({ kind: 'refused', title: t('result.refused'), detail: outcome.message });
        setPhase('ready');
      } else {
        storeLastQuantity(order.processId, quantity);
        setRecent((list) => [{ ...entry, state: 'queued' }, ...list]);
        say({ kind: 'queued', title: t('result.queued'), detail: t('result.queuedDetail', { orderNo: order.orderNo, process: name, quantity }), scanId });
        setPhase('done');
      }
    } finally {
      busy.current = false;
    }
  }, [bundle, colorId, deviceId, order, ownerId, phase, processName, quantity, queue, say, sendBundle, sizeId, subProcessId, t]);

  /** After a recorded scan: the same order again (another bundle). */
  const again = useCallback(() => {
    if (phase === 'done' && bundle) {
      setQuantityState(bundleStartQuantity(bundle.detail, bundle.processId, bundle.mode));
      setDropped(null);
      setPhase('ready');
      return;
    }
    if (phase !== 'done' || !order) return;
    setQuantityState(clampQuantity(startingQuantity(remainingOf(order.lookup, colorId, sizeId, subProcessId), getLastQuantity(order.processId))));
    setDropped(null);
    setPhase('ready');
  }, [bundle, colorId, order, phase, sizeId, subProcessId]);

  /** Esc while a quantity waits: nothing is recorded, the station waits for the next scan. */
  const cancel = useCallback(() => {
    if (phase === 'ready' && bundle) {
      lookupSeq.current++;
      if (bundle.mode !== 'inspect') setDropped({ quantity, orderNo: bundle.code, reason: 'cancelled' });
      setBundle(null);
      setQuantityState(0);
      setPhase('idle');
      return;
    }
    if (phase !== 'ready' || !order) return;
    lookupSeq.current++;
    setDropped({ quantity, orderNo: order.orderNo, reason: 'cancelled' });
    setOrder(null);
    setQuantityState(0);
    setColorId(null);
    setSizeId(null);
    setPhase('idle');
  }, [bundle, order, phase, quantity]);

  /**
   * A colour × size chosen (or cleared): the quantity follows that cell's remaining, as after a
   * scan, so "Enter records the remaining" holds per cell too.
   */
  const chooseCell = useCallback(
    (next: { colorId?: number | null; sizeId?: number | null }) => {
      const color = next.colorId === undefined ? colorId : next.colorId;
      const size = next.sizeId === undefined ? sizeId : next.sizeId;
      setColorId(color);
      setSizeId(size);
      // Only when the numbers change (a cell chosen, changed or left): a colour alone keeps the typed quantity.
      const before = remainingOf(order?.lookup ?? null, colorId, sizeId, subProcessId);
      const after = remainingOf(order?.lookup ?? null, color, size, subProcessId);
      if (phase === 'ready' && after && (after.cell || before?.cell)) setQuantityState(clampQuantity(startingQuantity(after, null)));
    },
    [colorId, order, phase, sizeId, subProcessId],
  );

  /**
   * A sub-process chosen (null: the whole process), remembered for this process on this device.
   * The quantity follows its remaining, as after a scan.
   */
  const chooseSubProcess = useCallback(
    (id: number | null) => {
      setSubProcessId(id);
      if (order) storeSubProcess(order.processId, id);
      const after = remainingOf(order?.lookup ?? null, colorId, sizeId, id);
      if (after) setQuantityState(clampQuantity(startingQuantity(after, null)));
      setPhase((current) => (current === 'done' ? 'ready' : current));
    },
    [colorId, order, sizeId],
  );

  const undo = useCallback(
    async (scan: RecentScan) => {
      const scanId = newScanId();
      const mark = (state: RecentScan['state']) => setRecent((list) => list.map((item) => (item.scanId === scan.scanId ? { ...item, state } : item)));
      const outcome = await queue.submit({
        scanId,
        operation: { kind: 'reverse', input: { scanId, reversesScanId: scan.scanId, deviceId } },
        label: { orderNo: scan.orderNo, processName: scan.processName, quantity: -scan.quantity },
      });
      if (outcome.status === 'recorded') {
        mark('reversed');
        optionsRef.current.onRecorded?.();
        const result = outcome.result;
        setOrder((current) =>
          current && current.lookup && current.orderNo === scan.orderNo ? { ...current, lookup: applyScanResult(current.lookup, result) } : current,
        );
        say({ kind: 'success', title: t('result.reversed', { quantity: scan.quantity }), detail: t('result.recordedDetail', { orderNo: scan.orderNo, process: scan.processName, done: result.step.done, planned: result.step.planned }) });
      } else if (outcome.status === 'refused') {
        say({ kind: 'refused', title: t('result.refused'), detail: outcome.message });
      } else {
        mark('reversing');
        say({ kind: 'queued', title: t('result.queued'), detail: `${scan.orderNo} · ${scan.processName} −${scan.quantity}` });
      }
    },
    [deviceId, queue, say, t],
  );

  return {
    say,
    deviceId,
    online,
    ownerId,
    queue,
    snapshot,
    processes,
    processesState,
    myProcesses,
    processId,
    processName,
    chooseProcess,
    phase,
    order,
    waitingOrderNo,
    quantity,
    setQuantity,
    colorId,
    chooseCell,
    sizeId,
    subProcessId,
    chooseSubProcess,
    feedback,
    dropped,
    recent,
    handleCode,
    confirm,
    bundle,
    waitingBundle,
    setBundleMode,
    inspect,
    autoRecord,
    setAutoRecord,
    again,
    cancel,
    undo,
  };
}

export type ScanStation = ReturnType<typeof useScanStation>;
