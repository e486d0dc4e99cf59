// A dialog that reads a ticket with the phone's camera and hands the text to the station (as if
// typed). Three ways, by what the browser has (model/camera.ts): BarcodeDetector on the live
// video, ZXing on the live video, or — on a plain-HTTP page, where there is no camera API — a
// photo taken with the camera app and decoded by ZXing.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { createDetector, loadTicketDecoder, type CameraScanMode } from '../model/camera';

export interface CameraScannerProps {
  mode: Exclude<CameraScanMode, 'none'>;
  visible: boolean;
  onHide: () => void;
  onCode: (text: string) => void;
}

const SCAN_EVERY_MS = 200;

type LiveStop = () => void;

/** BarcodeDetector on frames of the rear camera's video. */
async function startNative(video: HTMLVideoElement, onCode: (text: string) => void, fail: (key: 'unsupported' | 'denied') => void): Promise<LiveStop> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stream: MediaStream | null = null;
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stream?.getTracks().forEach((track) => track.stop());
  };
  const detector = await createDetector();
  if (!detector) {
    fail('unsupported');
    return stop;
  }
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  } catch {
    fail('denied');
    return stop;
  }
  if (stopped) {
    stop();
    return stop;
  }
  video.srcObject = stream;
  await video.play().catch(() => undefined);
  const tick = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= 2) {
        const found = (await detector.detect(video)).find((code) => code.rawValue.trim());
        if (found && !stopped) {
          stop();
          onCode(found.rawValue);
          return;
        }
      }
    } catch {
      // A frame the detector could not read: try the next one.
    }
    timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
  };
  void tick();
  return stop;
}

export function CameraScanner({ mode, visible, onHide, onCode }: CameraScannerProps) {
  const { t } = useTranslation('scanStation');
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [decoding, setDecoding] = useState(false);
  const latest = useRef({ onCode, onHide });
  latest.current = { onCode, onHide };

  // Live modes: the camera runs while the dialog is open and is released when it closes.
  useEffect(() => {
    if (!visible || mode === 'photo') return;
    let stop: LiveStop | null = null;
    let closed = false;
    setError(null);
    const found = (text: string) => {
      if (closed) return;
      latest.current.onCode(text);
      latest.current.onHide();
    };
    const fail = (key: 'unsupported' | 'denied') => !closed && setError(t(`camera.${key}`));
    void (async () => {
      // The dialog mounts its content after it opens: wait for the <video> (a second at most).
      for (let tries = 0; !video.current && tries < 20 && !closed; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      const element = video.current;
      if (!element || closed) return;
      if (mode === 'native') {
        stop = await startNative(element, found, fail);
      } else {
        try {
          const decoder = await loadTicketDecoder();
          if (closed) return;
          stop = await decoder.startVideoDecoder(element, found);
        } catch {
          fail('denied');
        }
      }
      if (closed) stop?.();
    })();
    return () => {
      closed = true;
      stop?.();
    };
  }, [visible, mode, t]);

  useEffect(() => {
    if (visible) setError(null);
  }, [visible]);

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setDecoding(true);
    try {
      const { decodeImageFile } = await loadTicketDecoder();
      const text = (await decodeImageFile(file))?.trim();
      if (text) {
        latest.current.onCode(text);
        latest.current.onHide();
      } else setError(t('camera.notFound'));
    } catch {
      setError(t('camera.notFound'));
    } finally {
      setDecoding(false);
    }
  };

  return (
    <Dialog header={t('camera.title')} visible={visible} onHide={onHide} className="scan-camera-dialog" breakpoints={{ '640px': '96vw' }} style={{ width: '32rem' }} dismissableMask>
      {error && <Message severity="warn" text={error} className="scan-camera-error" />}
      {mode === 'photo' ? (
        <div className="scan-camera-photo">
          {/* A label around the input: a big target that opens the camera app (capture) on a phone. */}
          <label className={`scan-photo-button${decoding ? ' is-busy' : ''}`} data-testid="scan-photo">
            <i className={`pi ${decoding ? 'pi-spin pi-spinner' : 'pi-camera'}`} aria-hidden="true" />
            <span>{decoding ? t('camera.decoding') : t('camera.photo')}</span>
            <input type="file" accept="image/*" capture="environment" className="scan-photo-input" disabled={decoding} onChange={(event) => void onPhoto(event)} data-testid="scan-photo-input" />
          </label>
          <p className="muted scan-camera-hint">{t('camera.photoHint')}</p>
        </div>
      ) : (
        <>
          {!error && (
            <div className="scan-camera-frame">
              <video ref={video} muted playsInline className="scan-camera-video" aria-label={t('camera.title')} />
              <div className="scan-camera-aim" aria-hidden="true" />
            </div>
          )}
          <p className="muted scan-camera-hint">{t('camera.hint')}</p>
        </>
      )}
    </Dialog>
  );
}
