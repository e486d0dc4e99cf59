// Who the station's scans are credited to (issue 11): "Worker: <name>" with Change and Sign out,
// the pick list of the workers allowed at the process (filter as you type, arrows, Enter), a
// warning when the worker may not execute the process, and their numbers today. A badge read
// (scanner or camera) switches the worker without touching this bar.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { StationWorker, WorkerToday } from '@contracts/appraisal';
import { formatMoney } from '../../../lib/format-money';
import { getStationWorkers } from '../api/station-worker';
import { mayWorkAt } from '../model/station-worker';

export interface WorkerBarProps {
  worker: StationWorker | null;
  today: WorkerToday | null;
  processId: number | null;
  processName: string;
  onChoose: (worker: StationWorker) => void;
  onSignOut: () => void;
  /** The bar is done with the focus (chosen, cancelled): the station takes it back. */
  onDone: () => void;
}

export function WorkerBar({ worker, today, processId, processName, onChoose, onSignOut, onDone }: WorkerBarProps) {
  const { t, i18n } = useTranslation('scanStation');
  const [picking, setPicking] = useState(false);
  const [options, setOptions] = useState<StationWorker[] | null>(null);
  const [failed, setFailed] = useState(false);
  const dropdown = useRef<Dropdown>(null);

  // The pick list is read when it is opened: who may work here changes in the user screens.
  useEffect(() => {
    if (!picking || processId === null) return;
    const controller = new AbortController();
    setOptions(null);
    setFailed(false);
    getStationWorkers(processId, controller.signal)
      .then((list) => !controller.signal.aborted && setOptions(list))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [picking, processId]);

  // Opened with the keyboard: straight into the list with its filter focused.
  useEffect(() => {
    if (!picking) return;
    const timer = window.setTimeout(() => {
      dropdown.current?.focus();
      dropdown.current?.show();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [picking]);

  const close = () => {
    setPicking(false);
    onDone();
  };

  const allowed = mayWorkAt(worker, processId);
  return (
    <section className={`scan-worker${allowed ? '' : ' is-warning'}`} aria-label={t('worker.title')} data-testid="scan-worker">
      <div className="scan-worker-row">
        <i className="pi pi-id-card scan-worker-icon" aria-hidden="true" />
        {picking ? (
          <div className="scan-worker-pick">
            <label htmlFor="scan-worker-pick" className="scan-worker-label">
              {t('worker.label')}
            </label>
            <Dropdown
              ref={dropdown}
              inputId="scan-worker-pick"
              value={worker?.id ?? null}
              options={options ?? []}
              optionLabel="name"
              optionValue="id"
              filter
              filterBy="name,username,departmentName"
              filterPlaceholder={t('worker.filter')}
              placeholder={processId === null ? t('worker.chooseProcessFirst') : options === null && !failed ? t('worker.loading') : t('worker.choose')}
              emptyMessage={failed ? t('worker.loadFailed') : options === null ? t('worker.loading') : t('worker.none', { process: processName })}
              emptyFilterMessage={t('worker.noMatch')}
              disabled={processId === null}
              itemTemplate={(option: StationWorker) => (
                <span className="scan-worker-option">
                  <strong>{option.name}</strong>
                  <span className="muted">{[option.username, option.departmentName].filter(Boolean).join(' · ')}</span>
                </span>
              )}
              onChange={(event) => {
                const chosen = (options ?? []).find((option) => option.id === event.value);
                if (chosen) onChoose(chosen);
                close();
              }}
              onShow={() => {
                // Typing filters the list: the filter field takes the keys, arrows and Enter pick.
                dropdown.current?.getOverlay()?.querySelector<HTMLInputElement>('.p-dropdown-filter')?.focus();
              }}
              onHide={() => {
                // Esc or a click outside: back to the bar, nothing changed.
                window.setTimeout(close, 0);
              }}
              className="scan-worker-dropdown"
              data-testid="scan-worker-pick"
            />
            <Button type="button" label={t('worker.cancel')} text severity="secondary" size="small" onClick={close} />
          </div>
        ) : (
          <>
            <p className="scan-worker-name" data-testid="scan-worker-name">
              <span className="scan-worker-label">{t('worker.label')}</span>{' '}
              {worker ? (
                <strong>{worker.name}</strong>
              ) : (
                <span className="muted">{t('worker.account')}</span>
              )}
              {worker?.departmentName && <span className="muted scan-worker-department"> · {worker.departmentName}</span>}
            </p>
            <div className="scan-worker-actions">
              <Button type="button" icon="pi pi-users" label={worker ? t('worker.change') : t('worker.pick')} outlined size="small" disabled={processId === null} onClick={() => setPicking(true)} data-testid="scan-worker-change" />
              {worker && <Button type="button" icon="pi pi-sign-out" label={t('worker.signOut')} text severity="secondary" size="small" onClick={() => { onSignOut(); onDone(); }} data-testid="scan-worker-sign-out" />}
            </div>
          </>
        )}
      </div>
      {!allowed && worker && (
        <p className="scan-worker-warning" role="alert" data-testid="scan-worker-warning">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('worker.notAllowed', { name: worker.name, process: processName })}
        </p>
      )}
      {!worker && !picking && <p className="muted scan-worker-hint">{t('worker.hint')}</p>}
      {today && (
        <p className="scan-worker-today" data-testid="scan-worker-today" aria-live="polite">
          {t('worker.today', { count: today.pieces, pay: formatMoney(today.pay, i18n.language, 'CNY') })}
        </p>
      )}
    </section>
  );
}
