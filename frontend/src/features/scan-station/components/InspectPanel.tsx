// QC inspection of a bundle at a QC process, keyboard-first: the passed field is focused with the
// open pieces; Tab moves through the rows, +/− change the focused number, Enter records, Esc
// cancels. Passed + defects may not exceed the open pieces; a rework needs its process.
import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { DefectInput } from '@contracts/bundles';
import type { DefectTypeOption } from '../api/bundle';
import { inspectedTotal, inspectionValid, passedAfterDefects, validateInspection, type DefectRow } from '../model/bundle';

export interface InspectPanelProps {
  open: number;
  defectTypes: DefectTypeOption[];
  reworkProcesses: { id: number; name: string }[];
  busy: boolean;
  onSubmit: (passed: number, defects: DefectInput[]) => void;
  onCancel: () => void;
  /** Characters that cannot be a number (a scanner's next code): handed to the scan field. */
  onForeignKey: (key: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

let nextKey = 1;

const toNumber = (text: string): number => {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
};

export function InspectPanel({ open, defectTypes, reworkProcesses, busy, onSubmit, onCancel, onForeignKey, inputRef }: InspectPanelProps) {
  const { t } = useTranslation('scanStation');
  const [passed, setPassed] = useState(open);
  const [rows, setRows] = useState<DefectRow[]>([]);
  const [tried, setTried] = useState(false);
  const lastRow = useRef<HTMLSelectElement>(null);
  const focusNewRow = useRef(false);

  useEffect(() => {
    setPassed(open);
    setRows([]);
    setTried(false);
  }, [open]);

  useEffect(() => {
    if (focusNewRow.current) {
      focusNewRow.current = false;
      lastRow.current?.focus();
    }
  }, [rows.length]);

  const errors = validateInspection(open, passed, rows);
  const valid = inspectionValid(errors);
  const total = inspectedTotal(passed, rows);

  /** Changing defects keeps passed + defects = open while passed was the rest. */
  const changeRows = (next: DefectRow[]) => {
    if (passed === passedAfterDefects(open, rows)) setPassed(passedAfterDefects(open, next));
    setRows(next);
  };
  const update = (key: number, change: Partial<DefectRow>) => changeRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const addRow = () => {
    focusNewRow.current = true;
    changeRows([...rows, { key: nextKey++, defectTypeId: defectTypes.length === 1 ? defectTypes[0].id : null, quantity: 1, disposition: 'rework', reworkProcessId: reworkProcesses.length ? reworkProcesses[reworkProcesses.length - 1].id : null }]);
  };

  const submit = () => {
    setTried(true);
    if (!valid || busy) return;
    onSubmit(
      passed,
      rows.map((row) => ({ defectTypeId: row.defectTypeId!, quantity: row.quantity, disposition: row.disposition, ...(row.disposition === 'rework' ? { reworkProcessId: row.reworkProcessId! } : {}) })),
    );
  };

  /** Enter records, Esc cancels, +/− step a number field, letters go to the scan field. */
  const onKey = (event: KeyboardEvent<HTMLElement>, step?: (delta: number) => void) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!event.repeat) submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (step && (event.key === '+' || event.key === '-')) {
      event.preventDefault();
      step(event.key === '+' ? 1 : -1);
    } else if (step && event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      onForeignKey(event.key);
    }
  };

  return (
    <div className="scan-quantity scan-inspect" data-testid="scan-inspect">
      <div className="scan-inspect-passed">
        <label htmlFor="scan-inspect-passed">{t('inspect.passed')}</label>
        <input
          id="scan-inspect-passed"
          ref={inputRef}
          className="scan-quantity-input"
          inputMode="numeric"
          value={String(passed)}
          onChange={(event) => setPassed(toNumber(event.target.value))}
          onFocus={(event) => event.target.select()}
          onKeyDown={(event) => onKey(event, (delta) => setPassed(Math.max(0, passed + delta)))}
          data-testid="scan-inspect-passed"
        />
        <span className="muted">{t('inspect.ofOpen', { total, open })}</span>
      </div>

      {rows.map((row, index) => {
        const missing = tried ? (errors.rows[row.key] ?? []) : [];
        return (
          <fieldset key={row.key} className="scan-defect-row" data-testid="scan-defect-row">
            <legend>{t('inspect.defect', { index: index + 1 })}</legend>
            <select
              className="p-inputtext p-component"
              ref={index === rows.length - 1 ? lastRow : undefined}
              aria-label={t('inspect.type')}
              aria-invalid={missing.includes('type')}
              value={row.defectTypeId ?? ''}
              onChange={(event) => update(row.key, { defectTypeId: event.target.value ? Number(event.target.value) : null })}
              onKeyDown={(event) => onKey(event)}
            >
              <option value="">{t('inspect.chooseType')}</option>
              {defectTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
            <input
              aria-label={t('inspect.quantity')}
              aria-invalid={missing.includes('quantity')}
              inputMode="numeric"
              className="p-inputtext p-component scan-defect-quantity"
              value={String(row.quantity)}
              onChange={(event) => update(row.key, { quantity: toNumber(event.target.value) })}
              onFocus={(event) => event.target.select()}
              onKeyDown={(event) => onKey(event, (delta) => update(row.key, { quantity: Math.max(0, row.quantity + delta) }))}
            />
            <select className="p-inputtext p-component" aria-label={t('inspect.disposition')} value={row.disposition} onChange={(event) => update(row.key, { disposition: event.target.value as DefectRow['disposition'] })} onKeyDown={(event) => onKey(event)}>
              <option value="rework">{t('inspect.rework')}</option>
              <option value="reject">{t('inspect.reject')}</option>
            </select>
            {row.disposition === 'rework' && (
              <select
                className="p-inputtext p-component"
                aria-label={t('inspect.reworkProcess')}
                aria-invalid={missing.includes('reworkProcess')}
                value={row.reworkProcessId ?? ''}
                onChange={(event) => update(row.key, { reworkProcessId: event.target.value ? Number(event.target.value) : null })}
                onKeyDown={(event) => onKey(event)}
              >
                <option value="">{t('inspect.chooseProcess')}</option>
                {reworkProcesses.map((process) => (
                  <option key={process.id} value={process.id}>
                    {process.name}
                  </option>
                ))}
              </select>
            )}
            <Button type="button" icon="pi pi-times" text className="scan-icon-button" aria-label={t('inspect.remove')} onClick={() => changeRows(rows.filter((other) => other.key !== row.key))} />
            {missing.length > 0 && (
              <small className="p-error" role="alert">
                {missing.map((what) => t(`inspect.missing.${what}`)).join(' · ')}
              </small>
            )}
          </fieldset>
        );
      })}

      {errors.total && (
        <small className="p-error" role="alert" data-testid="scan-inspect-too-many">
          {t('inspect.tooMany', { total, open })}
        </small>
      )}
      {tried && errors.empty && (
        <small className="p-error" role="alert">
          {t('inspect.empty')}
        </small>
      )}
      <div className="scan-inspect-actions">
        <Button type="button" icon="pi pi-plus" label={t('inspect.addDefect')} outlined onClick={addRow} data-testid="scan-inspect-add" />
        <Button type="button" icon="pi pi-check" label={t('inspect.record')} loading={busy} disabled={busy || Boolean(errors.total)} onClick={submit} className="scan-confirm scan-inspect-record" data-testid="scan-inspect-record" />
      </div>
      <p className="muted scan-inspect-keys">{t('inspect.keys')}</p>
    </div>
  );
}
