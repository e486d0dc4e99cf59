// The scan station (/production/scan) for the floor: a phone, or a PC with a keyboard-wedge
// scanner that types the code and Enter. Process → scan → quantity → Confirm (or Enter), with
// an instant answer in colour and sound. Scans without an answer wait in a local queue and are
// sent later with their original ids (see model/scan-queue.ts).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { RouteScreenProps } from '../../../config/paths';
import { useScanStation } from '../hooks/use-scan-station';
import { cameraScanAvailable } from '../model/camera';
import { unlockAudio } from '../model/feedback';
import { CameraScanner } from './CameraScanner';
import { OrderCard } from './OrderCard';
import { ProcessPicker } from './ProcessPicker';
import { QuantityPad } from './QuantityPad';
import { QueuePanel } from './QueuePanel';
import { RecentScans } from './RecentScans';
import '../scan-station.css';

const isTouchDevice = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** Focus may stay in these; anywhere else the scan field takes it back. */
function keepsFocus(element: Element | null): boolean {
  if (!element || element === document.body) return false;
  if (element.closest('.p-dialog, .p-confirm-dialog, .layout-topbar, .layout-sidebar, .p-dropdown-panel')) return true;
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

export function ScanStationPage(_props: RouteScreenProps) {
  const { t } = useTranslation('scanStation');
  const station = useScanStation();
  const { phase, order, quantity, feedback } = station;
  const [code, setCode] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  const [touch] = useState(isTouchDevice);
  // On phones the always-focused field would keep the soft keyboard up; it opens on request.
  const [keyboard, setKeyboard] = useState(() => !isTouchDevice());
  const [camera] = useState(cameraScanAvailable);
  const scanInput = useRef<HTMLInputElement>(null);

  const refocus = useCallback(() => {
    window.setTimeout(() => {
      if (cameraOpen || keepsFocus(document.activeElement)) return;
      scanInput.current?.focus({ preventScroll: true });
    }, 0);
  }, [cameraOpen]);

  useEffect(() => {
    refocus();
  }, [refocus, phase]);

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

  const submitCode = (text: string) => {
    setCode('');
    // On a phone the keyboard was opened to type one number: close it again.
    if (touch) setKeyboard(false);
    station.handleCode(text);
  };

  const onScanKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.repeat) return;
    const text = code.trim();
    if (text) submitCode(text);
    else if (phase === 'ready') void station.confirm();
  };

  const canConfirm = phase === 'ready' && quantity > 0;
  const selectedProcess = station.myProcesses.find((process) => process.id === station.processId) ?? null;
  const lookup = order?.lookup ?? null;
  // Nothing to scan with: only the explanation (and any scans still queued on this device).
  const noProcess = station.processesState === 'ready' && station.myProcesses.length === 0;
  const padDisabled = !order || phase === 'looking' || phase === 'sending' || phase === 'idle';

  return (
    <div className="page scan-station" data-testid="scan-station" data-phase={phase} onClick={refocus}>
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
              {camera && <Button type="button" icon="pi pi-camera" className="scan-icon-button" aria-label={t('scan.camera')} onClick={() => setCameraOpen(true)} data-testid="scan-camera" />}
            </div>
            <p className="muted scan-input-hint">{phase === 'done' ? t('confirm.next') : t('scan.hint')}</p>
          </div>

          {order ? (
            <OrderCard order={order} looking={phase === 'looking'} />
          ) : (
            <div className="scan-order is-waiting" data-testid="scan-order-empty">
              <i className="pi pi-qrcode" aria-hidden="true" />
              <span>{station.waitingOrderNo ? t('result.chooseProcess', { orderNo: station.waitingOrderNo }) : t('scan.waiting')}</span>
            </div>
          )}
        </div>

        <div className="scan-column">
          <QuantityPad
            quantity={quantity}
            onChange={station.setQuantity}
            remaining={lookup?.remaining ?? null}
            disabled={padDisabled}
            onEnter={() => void station.confirm()}
            onForeignText={(text) => {
              setCode((current) => current + text);
              scanInput.current?.focus();
            }}
            lookup={lookup}
            colorId={station.colorId}
            sizeId={station.sizeId}
            onColor={station.setColorId}
            onSize={station.setSizeId}
          />

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

            {phase === 'done' ? (
              <Button type="button" className="scan-confirm is-again" icon="pi pi-replay" label={t('confirm.again')} outlined onClick={station.again} data-testid="scan-again" />
            ) : (
              <Button
                type="button"
                className="scan-confirm"
                icon="pi pi-check"
                label={phase === 'sending' ? t('confirm.sending') : quantity > 0 ? t('confirm.button', { count: quantity }) : t('confirm.buttonEmpty')}
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

      <CameraScanner visible={cameraOpen} onHide={() => { setCameraOpen(false); refocus(); }} onCode={submitCode} />
    </div>
  );
}
