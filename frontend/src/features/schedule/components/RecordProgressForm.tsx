// "Record progress" for one process of one order: a quantity with big − / + buttons (gloves,
// touch screens), optionally one colour and size of the order's grid. The scan id is made here;
// a retry after a timeout or a lost connection sends the same id, so the server counts the
// pieces once even when the first attempt did arrive.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { NumberInput } from '../../../components/form/NumberInput';
import { MAX_SCAN_QUANTITY, type ScanInput, type ScanResult } from '@contracts/production';
import { ApiError } from '../../../lib/http-client';
import { notify, notifyError, notifySuccess } from '../../../lib/notify';
import { recordScan } from '../api/schedule';
import { getDeviceId, newScanId } from '../../../lib/device';

export interface GridOption {
  id: number;
  name: string;
}

export interface RecordProgressFormProps {
  orderId: number;
  processId: number;
  processName: string;
  /** Pieces left to the plan at this process (the "rest" shortcut); 0 hides it. */
  remaining: number;
  colors: GridOption[];
  sizes: GridOption[];
  onRecorded: (result: ScanResult) => void;
  disabled?: boolean;
}

const clamp = (value: number) => Math.max(1, Math.min(MAX_SCAN_QUANTITY, Math.round(value)));

export function RecordProgressForm({ orderId, processId, processName, remaining, colors, sizes, onRecorded, disabled }: RecordProgressFormProps) {
  const { t, i18n } = useTranslation('schedule');
  const [quantity, setQuantity] = useState<number | null>(null);
  const [colorId, setColorId] = useState<number | null>(null);
  const [sizeId, setSizeId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The last attempt that got no answer: the same payload is sent again with its id. */
  const unanswered = useRef<{ key: string; scanId: string } | null>(null);
  const idPrefix = `record-${processId}`;

  const step = (delta: number) => {
    setError(null);
    setQuantity((current) => clamp((current ?? 0) + delta));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!quantity || quantity < 1) {
      setError(t('record.quantityRequired'));
      return;
    }
    // The server counts pieces of one grid cell: a colour needs its size and the other way round.
    if ((colorId === null) !== (sizeId === null)) {
      setError(t('record.selectColorAndSize'));
      return;
    }
    const payload = { orderId, processId, quantity, colorId: colorId ?? undefined, sizeId: sizeId ?? undefined };
    const key = JSON.stringify(payload);
    const scanId = unanswered.current?.key === key ? unanswered.current.scanId : newScanId();
    const input: ScanInput = { scanId, ...payload, deviceId: getDeviceId() };
    setBusy(true);
    setError(null);
    try {
      const result = await recordScan(input);
      unanswered.current = null;
      setQuantity(null);
      notifySuccess(
        t('record.recorded', {
          quantity: new Intl.NumberFormat(i18n.language).format(result.scan.quantity),
          process: processName,
          done: new Intl.NumberFormat(i18n.language).format(result.step.done),
          planned: new Intl.NumberFormat(i18n.language).format(result.step.planned),
        }),
      );
      for (const warning of result.warnings) notify({ severity: 'warn', detail: warning, life: 6000 });
      onRecorded(result);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      // No answer: the scan may have been counted; keep its id for the retry.
      unanswered.current = apiError && apiError.kind !== 'api' ? { key, scanId } : null;
      if (apiError?.kind === 'unauthorized') return;
      const message = failure instanceof Error && failure.message ? failure.message : t('record.failed');
      setError(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  const options = (items: GridOption[]) => items.map((item) => ({ value: item.id, label: item.name }));

  return (
    <form className="record-form" onSubmit={(event) => void submit(event)} aria-label={t('record.formLabel', { process: processName })} data-testid={`record-form-${processId}`}>
      <div className="record-quantity">
        <Button
          type="button"
          icon="pi pi-minus"
          className="record-step"
          severity="secondary"
          outlined
          onClick={() => step(-1)}
          disabled={disabled || busy || !quantity || quantity <= 1}
          aria-label={t('record.decrease')}
          data-testid={`${idPrefix}-minus`}
        />
        <NumberInput
          inputId={`${idPrefix}-quantity`}
          value={quantity}
          onValueChange={(event) => {
            setError(null);
            setQuantity(event.value ?? null);
          }}
          min={1}
          max={MAX_SCAN_QUANTITY}
          useGrouping={false}
          placeholder={t('record.quantity')}
          aria-label={t('record.quantityOf', { process: processName })}
          inputClassName="record-quantity-input"
          className="record-quantity-field"
          disabled={disabled || busy}
          invalid={Boolean(error) && !quantity}
          data-testid={`${idPrefix}-quantity`}
        />
        <Button type="button" icon="pi pi-plus" className="record-step" severity="secondary" outlined onClick={() => step(1)} disabled={disabled || busy} aria-label={t('record.increase')} data-testid={`${idPrefix}-plus`} />
        {remaining > 0 && (
          <Button
            type="button"
            label={t('record.rest', { count: remaining })}
            className="record-rest"
            text
            size="small"
            onClick={() => {
              setError(null);
              setQuantity(Math.min(remaining, MAX_SCAN_QUANTITY));
            }}
            disabled={disabled || busy}
            data-testid={`${idPrefix}-rest`}
          />
        )}
      </div>
      {(colors.length > 0 || sizes.length > 0) && (
        <div className="record-grid-choice">
          {colors.length > 0 && (
            <Dropdown
              inputId={`${idPrefix}-color`}
              value={colorId}
              options={options(colors)}
              onChange={(event) => setColorId((event.value as number | null) ?? null)}
              placeholder={t('record.anyColor')}
              showClear={colorId !== null}
              aria-label={t('fields.color')}
              disabled={disabled || busy}
              className="record-choice"
              data-testid={`${idPrefix}-color`}
            />
          )}
          {sizes.length > 0 && (
            <Dropdown
              inputId={`${idPrefix}-size`}
              value={sizeId}
              options={options(sizes)}
              onChange={(event) => setSizeId((event.value as number | null) ?? null)}
              placeholder={t('record.anySize')}
              showClear={sizeId !== null}
              aria-label={t('fields.size')}
              disabled={disabled || busy}
              className="record-choice"
              data-testid={`${idPrefix}-size`}
            />
          )}
        </div>
      )}
      {error && (
        <small className="p-error record-error" role="alert" data-testid={`${idPrefix}-error`}>
          {error}
        </small>
      )}
      <Button type="submit" label={t('record.submit')} icon="pi pi-check" loading={busy} disabled={disabled} className="record-submit" data-testid={`${idPrefix}-submit`} />
    </form>
  );
}
