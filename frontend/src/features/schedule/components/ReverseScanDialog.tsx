// Taking one scan back: a correcting entry with its own id, never an edit of history.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ScanRecord, ScanResult } from '@contracts/production';
import { ApiError } from '../../../lib/http-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatDate } from '../../../lib/format-date';
import { reverseScan } from '../api/schedule';
import { getDeviceId, newScanId } from '../../../lib/device';

export function ReverseScanDialog({ scan, onClose, onReversed }: { scan: ScanRecord | null; onClose: () => void; onReversed: (result: ScanResult) => void }) {
  const { t, i18n } = useTranslation('schedule');
  const { t: tc } = useTranslation('common');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pendingId = useRef<{ target: string; scanId: string } | null>(null);

  const close = () => {
    if (busy) return;
    setNote('');
    setError(null);
    pendingId.current = null;
    onClose();
  };

  const confirm = async () => {
    if (!scan) return;
    // Same correcting id for a retry of the same scan after no answer.
    const scanId = pendingId.current?.target === scan.scanId ? pendingId.current.scanId : newScanId();
    setBusy(true);
    setError(null);
    try {
      const result = await reverseScan({ scanId, reversesScanId: scan.scanId, deviceId: getDeviceId(), note: note.trim() || undefined });
      pendingId.current = null;
      notifySuccess(t('history.reversed', { quantity: scan.quantity, process: scan.processName }));
      setNote('');
      onReversed(result);
      onClose();
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      pendingId.current = apiError && apiError.kind !== 'api' ? { target: scan.scanId, scanId } : null;
      if (apiError?.kind === 'unauthorized') return;
      const message = failure instanceof Error && failure.message ? failure.message : t('record.failed');
      setError(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={t('history.reverseTitle')}
      visible={scan !== null}
      onHide={close}
      style={{ width: 'min(30rem, calc(100vw - 2rem))' }}
      modal
      footer={
        <div className="dialog-actions">
          <Button type="button" label={tc('actions.cancel')} text severity="secondary" onClick={close} disabled={busy} />
          <Button type="button" label={t('history.reverse')} icon="pi pi-undo" severity="danger" loading={busy} onClick={() => void confirm()} data-testid="reverse-confirm" />
        </div>
      }
    >
      {scan && (
        <div className="reverse-body">
          <p>
            {t('history.reverseQuestion', {
              quantity: new Intl.NumberFormat(i18n.language).format(scan.quantity),
              process: scan.processName,
              time: formatDate(scan.scannedAt, 'YYYY-MM-DD HH:mm:ss'),
            })}
          </p>
          <label htmlFor="reverse-note" className="field-label">
            {t('history.note')}
          </label>
          <InputTextarea id="reverse-note" value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={200} autoResize placeholder={t('history.notePlaceholder')} className="reverse-note" />
          {error && (
            <small className="p-error" role="alert">
              {error}
            </small>
          )}
        </div>
      )}
    </Dialog>
  );
}
