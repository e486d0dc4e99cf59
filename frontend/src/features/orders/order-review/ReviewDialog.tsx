// Review a production order (date, note). Without a production document the server answers
// 409 'documentNotUploaded': the dialog then asks to confirm and resends with
// confirmWithoutDocument=true. Cancelling a review takes a note.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import type { ProductionOrder } from '@contracts/orders';
import { ApiError } from '../../../lib/http-client';
import { notifySuccess } from '../../../lib/notify';
import { cancelReview, reviewProductionOrder } from '../api/production-orders';
import { DateInput } from '../../../components/form/DateInput';
import { today } from '../model/format';

export const isDocumentNotUploaded = (error: unknown): boolean => error instanceof ApiError && error.data.errorKey === 'documentNotUploaded';

export interface ReviewDialogProps {
  order: ProductionOrder | null;
  mode: 'review' | 'cancel';
  onClose: () => void;
  onDone: (order: ProductionOrder) => void;
}

export function ReviewDialog({ order, mode, onClose, onDone }: ReviewDialogProps) {
  const { t, i18n } = useTranslation('orders');
  const [reviewDate, setReviewDate] = useState(today());
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setReviewDate(today());
    setNote('');
    setConfirming(false);
    setError(null);
  }, [order, mode]);

  const send = async (confirmWithoutDocument: boolean) => {
    if (!order) return;
    setBusy(true);
    setError(null);
    try {
      const saved =
        mode === 'review'
          ? await reviewProductionOrder({ id: order.id, version: order.version, reviewDate, note, confirmWithoutDocument })
          : await cancelReview(order.id, order.version, note);
      notifySuccess(mode === 'review' ? t('review.done') : t('review.cancelled'));
      onDone(saved);
    } catch (failure) {
      if (mode === 'review' && !confirmWithoutDocument && isDocumentNotUploaded(failure)) setConfirming(true);
      else if (failure instanceof ApiError && failure.kind === 'api') setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const cancelLabel = i18n.t('common:actions.cancel');
  const footer = confirming ? (
    <div className="dialog-footer">
      <Button type="button" label={cancelLabel} outlined severity="secondary" onClick={() => setConfirming(false)} disabled={busy} />
      <Button type="button" label={t('review.review')} icon="pi pi-check" severity="warning" loading={busy} onClick={() => void send(true)} data-testid="confirm-without-document" />
    </div>
  ) : (
    <div className="dialog-footer">
      <Button type="button" label={cancelLabel} outlined severity="secondary" onClick={onClose} disabled={busy} />
      <Button
        type="button"
        label={mode === 'review' ? t('review.review') : t('review.cancelReview')}
        icon={mode === 'review' ? 'pi pi-verified' : 'pi pi-undo'}
        severity={mode === 'review' ? undefined : 'danger'}
        loading={busy}
        onClick={() => void send(false)}
        data-testid="review-submit"
      />
    </div>
  );

  return (
    <Dialog
      visible={order !== null}
      onHide={onClose}
      header={order ? t(mode === 'review' ? 'review.dialogTitle' : 'review.cancelTitle', { orderNo: order.orderNo }) : ''}
      footer={footer}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '95vw' }}
      modal
      draggable={false}
      className="review-dialog"
    >
      {confirming ? (
        <div className="review-confirm" role="alertdialog" aria-label={t('review.confirmWithoutDocumentTitle')}>
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <p>{t('review.confirmWithoutDocument')}</p>
        </div>
      ) : (
        <div className="review-form">
          {mode === 'review' && (
            <div className="form-field">
              <label htmlFor="review-date">{t('review.reviewDate')}</label>
              <DateInput id="review-date" value={reviewDate} onChange={setReviewDate} />
            </div>
          )}
          <div className="form-field">
            <label htmlFor="review-note">{t('review.note')}</label>
            <InputTextarea id="review-note" value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={500} autoResize />
          </div>
          {error && <Message severity="error" text={error} />}
        </div>
      )}
    </Dialog>
  );
}
