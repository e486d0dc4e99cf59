// The scan station (/production/scan) for the floor: a phone, or a PC with a keyboard-wedge
// scanner that types the code and Enter. Process → scan → the quantity field focused with the
// remaining selected → Enter (or Confirm) records → the scan field again, with an instant answer
// in colour and sound. A code arriving while a quantity waits is a new scan, never a number
// (model/station-input.ts decides from the keys' timing and format); Esc cancels the quantity.
// Scans without an answer wait in a local queue and are sent later with their original ids
// (see model/scan-queue.ts). On a PC shared by many workers, a badge read (SBW1:…) or the pick
// list names the worker the scans are credited to (WorkerBar, hooks/use-station-worker.ts).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { RouteScreenProps } from '../../../config/paths';
import { getDefectTypeOptions, type DefectTypeOption } from '../api/bundle';
import { useScanStation } from '../hooks/use-scan-station';
import { bundleNumbers, bundleStartQuantity, clampBundleQuantity, reworkChoices } from '../model/bundle';
import { BundleCard } from './BundleCard';
import { InspectPanel } from './InspectPanel';
import { useStationWorker, type StationWorkerState } from '../hooks/use-station-worker';
import { cameraScanMode } from '../model/camera';
import { unlockAudio } from '../model/feedback';
import { remainingOf } from '../model/remaining';
import { BURST_GAP_MS, classifyQuantityEnter, classifyQuantityKey, classifyStationCode, rememberKey, type KeyStroke } from '../model/station-input';
import { CameraScanner } from './CameraScanner';
import { OrderCard } from './OrderCard';
import { ProcessPicker } from './ProcessPicker';
import { QuantityPad } from './QuantityPad';
import { QueuePanel } from './QueuePanel';
import { RecentScans } from './RecentScans';
import { WorkerBar } from './WorkerBar';
import '../scan-station.css';

const isTouchDevice = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** Focus may stay in these; anywhere else the scan field takes it back. */
function keepsFocus(element: Element | null): boolean {
  if (!element || element === document.body) return false;
  // The worker bar too: a keyboard user tabs back from the scan field to Change / Sign out.
  if (element.closest('.p-dialog, .p-confirm-dialog, .layout-topbar, .layout-sidebar, .p-dropdown-panel, .scan-worker')) return true;
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** Keys typed while the focus is on the page or a button of the station belong in the scan field. */
function strayTypingTarget(target: EventTarget | null, root: HTMLElement | null): boolean {
  if (!(target instanceof HTMLElement) || !root) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable) return false;
  if (target.closest('.p-dialog, .p-confirm-dialog, [role=dialog]')) return false;
  return target === document.body || root.contains(target);
}

export function ScanStationPage(_props: RouteScreenProps) {
  const { t } = useTranslation('scanStation');
  // The worker hook needs the station's process and account, the station the worker: a ref
  // joins them, read when a scan is sent.
  const workerRef = useRef<StationWorkerState | null>(null);
  const station = useScanStation({
    workerId: () => workerRef.current?.worker?.id ?? null,
    onRecorded: () => workerRef.current?.refreshToday(),
  });
  const stationWorker = useStationWorker(station.processId, station.ownerId);
  workerRef.current = stationWorker;
  const { phase, order, quantity, feedback, dropped, bundle } = station;
  const inspecting = bundle !== null && bundle.mode === 'inspect' && bundle.detail !== null;
  const inspectInput = useRef<HTMLInputElement>(null);
  const [defectTypes, setDefectTypes] = useState<DefectTypeOption[] | null>(null);
  // Defect types load once, the first time a bundle is inspected here.
  useEffect(() => {
    if (!inspecting || defectTypes !== null) return;
    getDefectTypeOptions()
      .then(setDefectTypes)
      .catch(() => setDefectTypes([]));
  }, [defectTypes, inspecting]);
  const [code, setCode] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  const [touch] = useState(isTouchDevice);
  // On phones the always-focused field would keep the soft keyboard up; it opens on request.
  const [keyboard, setKeyboard] = useState(() => !isTouchDevice());
  // The same for the quantity field: focused (Enter works with a Bluetooth scanner), keyboard on a tap.
  const [quantityKeyboard, setQuantityKeyboard] = useState(() => !isTouchDevice());
  const [camera] = useState(cameraScanMode);
  const root = useRef<HTMLDivElement>(null);
  const scanInput = useRef<HTMLInputElement>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  /** Keys typed into the quantity field since it was focused: scanner or person (model/station-input). */
  const strokes = useRef<KeyStroke[]>([]);
  /** The quantity in the field before the current fast run of keys began (what a scanner's burst replaced). */
  const beforeBurst = useRef(0);
  /** The quantity in the field when it took the focus (the selected remaining, usually). */
  const atFocus = useRef(0);
  /** A scanner's code moved from the quantity field to the scan field: the quantity that was pending. */
  const carried = useRef<number | null>(null);
  /** A quantity waits for Enter: focus belongs in the quantity field. */
  const pending = phase === 'ready' && (order !== null || (bundle !== null && !inspecting));
  const latest = useRef({ pending, cameraOpen, inspecting: inspecting && phase === 'ready' });
  latest.current = { pending, cameraOpen, inspecting: inspecting && phase === 'ready' };

  /** Focus where the flow is: the quantity field (all selected) while a quantity waits, else the scan field. */
  const focusFlow = useCallback(() => {
    if (latest.current.cameraOpen) return;
    const field = quantityInput.current;
    if (latest.current.inspecting && inspectInput.current) {
      inspectInput.current.focus({ preventScroll: true });
      inspectInput.current.select();
    } else if (latest.current.pending && field && !field.disabled) {
      field.focus({ preventScroll: true });
      field.select();
    } else {
      scanInput.current?.focus({ preventScroll: true });
    }
  }, []);

  const refocus = useCallback(() => {
    window.setTimeout(() => {
      if (keepsFocus(document.activeElement)) return;
      focusFlow();
    }, 0);
  }, [focusFlow]);

  // Each step of the flow moves the focus: a new order ready → quantity; recorded, cancelled → scan.
  useEffect(() => {
    if (phase === 'ready' || phase === 'idle' || phase === 'done') focusFlow();
    if (phase !== 'ready') setQuantityKeyboard(!touch);
  }, [focusFlow, phase, order?.orderNo, order?.processId, bundle?.code, bundle?.mode, inspecting, cameraOpen, touch]);

  // A scanner typing while the focus is on a button or the page (after a tap on a chip, during a
  // lookup): its characters go to the scan field instead of being lost.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === ' ') return;
      if (!strayTypingTarget(event.target, root.current) || latest.current.cameraOpen) return;
      event.preventDefault();
      setCode((current) => current + event.key);
      scanInput.current?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Sound may start only after a gesture: the first key or tap of the station unlocks it.
  useEffect(() => {
    const stop = () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
    const unlock = () => {
      unlockAudio();
      stop();
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return stop;
  }, []);

  /** A badge read: the worker changes; an order waiting for its quantity stays as it was. */
  const readBadge = async (badge: string) => {
    const outcome = await stationWorker.identify(badge);
    if (outcome.ok) {
      station.say({ kind: 'info', title: t('worker.switched', { name: outcome.worker.name }), detail: t('worker.switchedDetail', { name: outcome.worker.name }) }, false);
    } else {
      station.say({ kind: 'refused', title: outcome.offline ? t('worker.badgeOffline') : t('worker.badgeRefused'), detail: outcome.offline ? undefined : outcome.message });
    }
    refocus();
  };

  const submitCode = (text: string, pendingQuantity?: number) => {
    setCode('');
    carried.current = null;
    // On a phone the keyboard was opened to type one number: close it again.
    if (touch) setKeyboard(false);
    const read = classifyStationCode(text);
    if (read.kind === 'badge') {
      // The quantity a scanner's burst overwrote is put back (pendingQuantity); it stays pending.
      if (pendingQuantity !== undefined && pending) station.setQuantity(pendingQuantity);
      void readBadge(read.badge);
      refocus();
      return;
    }
    const started = station.handleCode(text, pendingQuantity);
    // A code that was refused leaves the pending quantity pending: back to it.
    if (!started) refocus();
  };

  const onScanKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (code) {
        setCode('');
        carried.current = null;
        if (pending) refocus();
      } else station.cancel();
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.repeat) return;
    const text = code.trim();
    if (text) submitCode(text, carried.current ?? undefined);
    else if (phase === 'ready') void station.confirm();
  };

  /**
   * Every key in the quantity field: digits from a person stay a quantity; a scanner's burst or a
   * code's characters become a new scan (the pending quantity is not recorded, and the station says
   * so); Enter records; Esc cancels.
   */
  const onQuantityKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const at = performance.now();
    if (event.key === 'Escape') {
      event.preventDefault();
      strokes.current = [];
      station.cancel();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.repeat) return;
      const decision = classifyQuantityEnter(strokes.current, at);
      // A burst replaced what was in the field before it; a code typed slowly replaced it all.
      const before = decision.kind === 'scan' && decision.source === 'format' ? atFocus.current : beforeBurst.current;
      strokes.current = [];
      if (decision.kind === 'scan') {
        station.setQuantity(before);
        submitCode(decision.text, before);
      } else void station.confirm();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const decision = classifyQuantityKey(strokes.current, event.key, at);
    const last = strokes.current[strokes.current.length - 1];
    if (!last || at - last.at > BURST_GAP_MS) beforeBurst.current = quantity;
    if (decision.kind === 'code') {
      // The rest of the code follows into the scan field, where its Enter reads it.
      event.preventDefault();
      strokes.current = [];
      station.setQuantity(beforeBurst.current);
      carried.current = beforeBurst.current;
      setCode(decision.text);
      scanInput.current?.focus({ preventScroll: true });
      return;
    }
    strokes.current = rememberKey(strokes.current, event.key, at);
  };

  const bundleAvailable = bundle?.detail ? bundleStartQuantity(bundle.detail, bundle.processId, bundle.mode) : null;
  // A bundle with nothing typed: offline every open piece; with nothing open, the server's answer (who recorded it).
  const canConfirm = phase === 'ready' && (quantity > 0 || (bundle !== null && !inspecting && (bundleAvailable === null || bundleAvailable === 0)));
  const selectedProcess = station.myProcesses.find((process) => process.id === station.processId) ?? null;
  const lookup = order?.lookup ?? null;
  const numbers = bundle ? bundleNumbers(bundleAvailable) : remainingOf(lookup, station.colorId, station.sizeId, station.subProcessId);
  const cellLabel =
    station.colorId !== null && station.sizeId !== null
      ? [lookup?.colors.find((color) => color.id === station.colorId)?.name, lookup?.sizes.find((size) => size.id === station.sizeId)?.name].filter(Boolean).join(' / ')
      : null;
  // Nothing to scan with: only the explanation (and any scans still queued on this device).
  const noProcess = station.processesState === 'ready' && station.myProcesses.length === 0;
  const padDisabled = (!order && !bundle) || phase === 'looking' || phase === 'sending' || phase === 'idle';

  return (
    <div ref={root} className={`page scan-station${pending ? ' is-pending' : ''}`} data-testid="scan-station" data-phase={phase} onClick={refocus}>
      {feedback && feedback.kind !== 'info' && <div key={feedback.key} className={`scan-flash is-${feedback.kind}`} aria-hidden="true" />}
      <header className="scan-header">
        <div className="scan-title">
          <h1>{t('routes.station')}</h1>
          {!selectedProcess && <p className="muted">{t('header.subtitle')}</p>}
        </div>
        <div className="scan-header-meta">
          <span className={`scan-online${station.online ? ' is-online' : ' is-offline'}`}>
            <i className={`pi ${station.online ? 'pi-wifi' : 'pi-ban'}`} aria-hidden="true" /> {station.online ? t('header.online') : t('header.offline')}
          </span>
          {station.snapshot.pending.length > 0 && (
            <span className="scan-pending-badge" data-testid="scan-pending-badge">
              {t('queue.count', { count: station.snapshot.pending.length })}
            </span>
          )}
          <span className="scan-device" title={t('header.device')} data-testid="scan-device">
            <i className="pi pi-mobile" aria-hidden="true" /> {station.deviceId}
          </span>
        </div>
      </header>

      <ProcessPicker processes={station.myProcesses} state={station.processesState} selected={station.processId} onSelect={station.chooseProcess} />

      {!noProcess && (
        <WorkerBar
          worker={stationWorker.worker}
          today={stationWorker.today}
          processId={station.processId}
          processName={selectedProcess?.name ?? ''}
          onChoose={(worker) => {
            stationWorker.choose(worker);
            station.say({ kind: 'info', title: t('worker.switched', { name: worker.name }), detail: t('worker.switchedDetail', { name: worker.name }) }, false);
          }}
          onSignOut={stationWorker.signOut}
          onDone={refocus}
        />
      )}

      {noProcess ? null : (
        <div className="scan-grid">
          <div className="scan-column">
            <div className="scan-input-card">
              <label htmlFor="scan-code" className="scan-input-label">
                <i className="pi pi-qrcode" aria-hidden="true" /> {t('scan.label')}
              </label>
              <div className="scan-input-row">
                <input
                  id="scan-code"
                  ref={scanInput}
                  className="scan-code-input"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  onKeyDown={onScanKey}
                  onBlur={refocus}
                  placeholder={t('scan.placeholder')}
                  autoComplete="off"
                  autoCorrect="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  enterKeyHint="go"
                  inputMode={keyboard ? 'text' : 'none'}
                  data-testid="scan-code"
                />
                <Button type="button" icon="pi pi-search" className="scan-icon-button" aria-label={t('scan.lookup')} tooltip={t('scan.lookup')} tooltipOptions={{ position: 'bottom' }} disabled={!code.trim()} onClick={() => submitCode(code)} />
                {touch && (
                  <Button
                    type="button"
                    icon="pi pi-pencil"
                    className="scan-icon-button"
                    outlined={!keyboard}
                    aria-label={keyboard ? t('scan.keyboardOff') : t('scan.keyboard')}
                    onClick={() => {
                      setKeyboard((value) => !value);
                      scanInput.current?.blur();
                      window.setTimeout(() => scanInput.current?.focus(), 50);
                    }}
                  />
              )}
              {camera !== 'none' && (
                <Button type="button" icon="pi pi-camera" className="scan-icon-button" aria-label={camera === 'photo' ? t('camera.photo') : t('scan.camera')} onClick={() => setCameraOpen(true)} data-testid="scan-camera" />
              )}
            </div>
            {dropped && (
              <p className="scan-dropped" role="status" data-testid="scan-dropped" data-reason={dropped.reason}>
                <i className="pi pi-undo" aria-hidden="true" />{' '}
                {dropped.reason === 'newScan' ? t('result.pendingDropped', { quantity: dropped.quantity, orderNo: dropped.orderNo }) : t('result.cancelled', { quantity: dropped.quantity, orderNo: dropped.orderNo })}
              </p>
            )}
            <p className="muted scan-input-hint">{phase === 'done' ? t('confirm.next') : t('scan.hint')}</p>
            <div className="switch-field scan-auto-record">
              {/* A native switch: PrimeReact's InputSwitch nests its input in a focusable box (axe: nested-interactive). */}
              <span className="scan-switch-box" data-testid="scan-auto-record">
                <input
                  type="checkbox"
                  role="switch"
                  id="scan-auto-record"
                  className="scan-switch"
                  checked={station.autoRecord}
                  onChange={(event) => station.setAutoRecord(event.target.checked)}
                  aria-describedby="scan-auto-record-hint"
                />
              </span>
              <div>
                <label htmlFor="scan-auto-record">{t('bundle.autoRecord')}</label>
                <small className="muted" id="scan-auto-record-hint">
                  {t('bundle.autoRecordHint')}
                </small>
              </div>
            </div>
          </div>

          {bundle ? (
            <BundleCard
              bundle={bundle}
              looking={phase === 'looking'}
              quantity={quantity}
              onRework={(on) => {
                station.setBundleMode(on ? 'rework' : 'scan');
                refocus();
              }}
            />
          ) : order ? (
            <OrderCard order={order} looking={phase === 'looking'} numbers={numbers} cellLabel={cellLabel} />
          ) : (
            <div className="scan-order is-waiting" data-testid="scan-order-empty">
              <i className="pi pi-qrcode" aria-hidden="true" />
              <span>{station.waitingOrderNo || station.waitingBundle ? t('result.chooseProcess', { orderNo: station.waitingOrderNo ?? station.waitingBundle }) : t('scan.waiting')}</span>
            </div>
          )}
        </div>

        <div className="scan-column">
          {inspecting && bundle?.detail ? (
            <InspectPanel
              key={`${bundle.code}|${bundle.processId}`}
              open={bundleAvailable ?? 0}
              defectTypes={defectTypes ?? []}
              reworkProcesses={reworkChoices(bundle.detail, bundle.processId)}
              busy={phase === 'sending'}
              onSubmit={(passed, defects) => void station.inspect(passed, defects)}
              onCancel={station.cancel}
              onForeignKey={(key) => {
                setCode((current) => current + key);
                scanInput.current?.focus({ preventScroll: true });
              }}
              inputRef={inspectInput}
            />
          ) : (
          <QuantityPad
            quantity={quantity}
            onChange={(value) => station.setQuantity(bundleAvailable !== null ? clampBundleQuantity(value, bundleAvailable) : value)}
            numbers={numbers}
            disabled={padDisabled}
            recorded={phase === 'done'}
            onKeyDown={onQuantityKey}
            onFocus={() => {
              strokes.current = [];
              atFocus.current = quantity;
            }}
            inputRef={quantityInput}
            softKeyboard={quantityKeyboard}
            onTapField={() => setQuantityKeyboard(true)}
            onForeignText={(text) => {
              setCode((current) => current + text);
              scanInput.current?.focus();
            }}
            lookup={lookup}
            subProcessId={station.subProcessId}
            onSubProcess={(id) => {
              station.chooseSubProcess(id);
              refocus();
            }}
            colorId={station.colorId}
            sizeId={station.sizeId}
            onColor={(colorId) => {
              station.chooseCell({ colorId });
              refocus();
            }}
            onSize={(sizeId) => {
              station.chooseCell({ sizeId });
              refocus();
            }}
          />
          )}

          {/* On phones this bar sticks to the bottom: the answer and Confirm are always in view. */}
          <div className="scan-action-bar">
            {feedback && (
              <div key={feedback.key} className={`scan-result is-${feedback.kind}`} role={feedback.kind === 'refused' ? 'alert' : 'status'} data-testid="scan-result" data-kind={feedback.kind}>
                <i className={`pi ${feedback.kind === 'success' ? 'pi-check-circle' : feedback.kind === 'refused' ? 'pi-times-circle' : feedback.kind === 'queued' ? 'pi-cloud-upload' : 'pi-info-circle'}`} aria-hidden="true" />
                <div>
                  <strong className="scan-result-title">{feedback.title}</strong>
                  {feedback.detail && <span className="scan-result-detail">{feedback.detail}</span>}
                </div>
              </div>
            )}

            {inspecting && phase !== 'done' ? null : phase === 'done' ? (
              <Button type="button" className="scan-confirm is-again" icon="pi pi-replay" label={t('confirm.again')} outlined onClick={station.again} data-testid="scan-again" />
            ) : (
              <Button
                type="button"
                className="scan-confirm"
                icon="pi pi-check"
                label={phase === 'sending' ? t('confirm.sending') : bundle?.mode === 'rework' ? t('bundle.reworkReturned', { count: quantity }) : quantity > 0 ? t('confirm.button', { count: quantity }) : t('confirm.buttonEmpty')}
                loading={phase === 'sending' || phase === 'looking'}
                disabled={!canConfirm}
                onClick={() => void station.confirm()}
                data-testid="scan-confirm"
              />
            )}
            {phase === 'ready' && quantity === 0 && <p className="muted scan-confirm-hint">{t('confirm.chooseQuantity')}</p>}
          </div>
        </div>
      </div>
      )}

      <div className="scan-lists">
        <QueuePanel queue={station.queue} snapshot={station.snapshot} ownerId={station.ownerId} />
        <RecentScans recent={station.recent} ownerId={station.ownerId} onUndo={(scan) => void station.undo(scan)} />
      </div>

      {camera !== 'none' && (
        <CameraScanner
          mode={camera}
          visible={cameraOpen}
          onHide={() => {
            setCameraOpen(false);
            refocus();
          }}
          onCode={(text) => submitCode(text)}
        />
      )}
    </div>
  );
}
