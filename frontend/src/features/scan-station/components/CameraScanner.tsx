// A dialog with the rear camera's picture; the first code the BarcodeDetector reads is handed
// to the station (as if typed) and the camera is released.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { createDetector } from '../model/camera';

export interface CameraScannerProps {
  visible: boolean;
  onHide: () => void;
  onCode: (text: string) => void;
}

const SCAN_EVERY_MS = 200;

export function CameraScanner({ visible, onHide, onCode }: CameraScannerProps) {
  const { t } = useTranslation('scanStation');
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ onCode, onHide });
  latest.current = { onCode, onHide };

  useEffect(() => {
    if (!visible) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    setError(null);

    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };

    void (async () => {
      const detector = await createDetector();
      if (!detector) {
        setError(t('camera.unsupported'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch {
        setError(t('camera.denied'));
        return;
      }
      if (stopped || !video.current) {
        stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const tick = async () => {
        if (stopped || !video.current) return;
        try {
          if (video.current.readyState >= 2) {
            const codes = await detector.detect(video.current);
            const found = codes.find((code) => code.rawValue.trim());
            if (found && !stopped) {
              stop();
              latest.current.onCode(found.rawValue);
              latest.current.onHide();
              return;
            }
          }
        } catch {
          // A frame the detector could not read: try the next one.
        }
        timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    })();

    return stop;
  }, [visible, t]);

  return (
    <Dialog header={t('camera.title')} visible={visible} onHide={onHide} className="scan-camera-dialog" breakpoints={{ '640px': '96vw' }} style={{ width: '32rem' }} dismissableMask>
      {error ? (
        <Message severity="warn" text={error} className="scan-camera-error" />
      ) : (
        <div className="scan-camera-frame">
          <video ref={video} muted playsInline className="scan-camera-video" aria-label={t('camera.title')} />
          <div className="scan-camera-aim" aria-hidden="true" />
        </div>
      )}
      <p className="muted scan-camera-hint">{t('camera.hint')}</p>
    </Dialog>
  );
}
