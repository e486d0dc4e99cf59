// /mobile/dashboard: the public board for phones. No login: the board key from `?key=…` (kept in
// localStorage), or the session when the user is signed in anyway. One card per order with its
// per-process chips, a search box, and the same live updates as the TV boards.
import { memo, useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useSearch } from 'wouter';
import type { ProgressColumn, ProgressRow } from '@contracts/production';
import type { RouteScreenProps } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import type { BoardSource } from '../api/board-api';
import { readBoardKey, rememberBoardKey } from '../api/board-key';
import { useBoardController, useBoardState, type BoardController, type RowFlash } from '../api/board-store';
import { useLiveness } from '../hooks/use-liveness';
import { filterRows } from '../model/board-model';
import { percentText, rowTone, stepTone } from '../model/presentation';
import { BoardClock, BoardLogo, BoardMessage, BoardTotals, ConnectionBadge, useBoardSystemTitle } from './BoardChrome';
import { barStyle, useRowLabels, type RowLabels } from './BoardTable';
import { BoardErrorBanner, useBoardData } from './BoardViewport';
import { BoardLanguageSwitch, useBoardLanguage } from './board-language';
import { boardProcessLabel } from './process-label';
import '../board.css';

interface CardProps {
  row: ProgressRow;
  columns: readonly ProgressColumn[];
  today: string;
  flash: RowFlash | undefined;
  labels: RowLabels;
}

const OrderCard = memo(function OrderCard({ row, columns, today, flash, labels }: CardProps) {
  const { t, i18n } = useTranslation('board');
  const tone = rowTone(row);
  const steps = columns.filter((column) => row.steps[String(column.id)]);
  return (
    <article className={`mcard tone-${tone}${row.flagged ? ' is-flagged' : ''}`} data-order-id={row.id} data-testid="mobile-card">
      {flash && <span key={flash.id} className={`brow-flash is-${flash.kind}`} aria-hidden="true" />}
      <header className="mcard-head">
        <span className="mcard-no board-num">{row.orderNo}</span>
        <span className={`mcard-rate board-num tone-${tone}`}>{percentText(row.finishRate)}</span>
      </header>
      <div className="mcard-sub">
        <span>{row.customerLabel}</span>
        <span className="mcard-style">
          {row.goodsCode} {row.productName}
        </span>
      </div>
      <div className="mcard-meta">
        <span className="board-num">{t('mobile.delivery', { date: formatDate(row.deliveryDate, 'YYYY-MM-DD', '—') })}</span>
        {row.delayDays > 0 && <span className="mcard-late">{`${t('columns.delay')} ${labels.delayDays(row.delayDays)}`}</span>}
        {row.flagged && !row.reviewed && <span className="bflag">{labels.notReviewed}</span>}
        {row.flagged && !row.hasDocument && <span className="bflag">{labels.noDocument}</span>}
      </div>
      <div className={`mcard-bar tone-${tone}`} aria-hidden="true">
        <i style={barStyle(row.finishRate)} />
      </div>
      <ul className="mcard-chips" aria-label={t('mobile.processes')}>
        {steps.map((column) => {
          const step = row.steps[String(column.id)];
          const stepToneValue = stepTone(step, today);
          return (
            <li key={column.id} className={`mchip tone-${stepToneValue}`} title={labels.status[stepToneValue]}>
              {flash?.processId === column.id && <span key={flash.id} className="bcell-flash" aria-hidden="true" />}
              <span className="mchip-name" title={column.name}>
                {boardProcessLabel(column, i18n.language)}
              </span>
              <span className="mchip-nums board-num">
                {step.done}/{step.planned}
              </span>
            </li>
          );
        })}
      </ul>
    </article>
  );
});

function KeyForm({ title, message, initial, onKey }: { title: string; message: string; initial: string; onKey: (key: string) => void }) {
  const { t } = useTranslation('board');
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onKey(value.trim());
  };
  return (
    <div className="board-root board-mobile">
      <div className="mobile-key-language">
        <BoardLanguageSwitch compact />
      </div>
      <main>
        <form className="mobile-key" onSubmit={submit} data-testid="board-key-form">
          <i className="pi pi-key" aria-hidden="true" />
          <h1>{title}</h1>
          <p>{message}</p>
          <label htmlFor="board-key">{t('mobile.keyLabel')}</label>
          <InputText id="board-key" value={value} onChange={(event) => setValue(event.target.value)} autoComplete="off" />
          <Button type="submit" label={t('mobile.open')} icon="pi pi-arrow-right" iconPos="right" disabled={!value.trim()} />
        </form>
      </main>
    </div>
  );
}

export function MobileBoardPage(_props: RouteScreenProps) {
  const { t } = useTranslation('board');
  useBoardLanguage();
  const search = useSearch();
  const token = useSession((session) => session.token);
  const linkKey = useMemo(() => readBoardKey(search), [search]);
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const key = typedKey ?? linkKey;
  const source: BoardSource | null = token ? { kind: 'session' } : key ? { kind: 'boardKey', key } : null;
  const controller = useBoardController(source);

  const applyKey = (next: string) => {
    rememberBoardKey(next);
    setTypedKey(next);
  };

  if (!source) return <KeyForm title={t('mobile.missingKeyTitle')} message={t('mobile.missingKey')} initial="" onKey={applyKey} />;
  return <MobileBoard controller={controller!} boardKey={source.kind === 'boardKey' ? source.key : null} onKey={applyKey} />;
}

interface MobileBoardProps {
  controller: BoardController;
  /** The key in use, or null when the session is used. */
  boardKey: string | null;
  onKey: (key: string) => void;
}

export function MobileBoard({ controller, boardKey, onKey }: MobileBoardProps) {
  const { t } = useTranslation('board');
  const data = useBoardData(controller);
  const labels = useRowLabels();
  const companyName = useBoardState(controller, (state) => state.snapshot?.companyName ?? '', '');
  const systemTitle = useBoardSystemTitle(controller);
  const totals = useBoardState(controller, (state) => state.snapshot?.totals ?? null, null);
  const loadedAt = useBoardState(controller, (state) => state.loadedAt, null);
  const liveness = useLiveness(loadedAt);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(() => filterRows(data.rows, deferredQuery), [data.rows, deferredQuery]);

  if (boardKey !== null && data.error?.kind === 'unauthorized') {
    return <KeyForm key={boardKey} title={t('mobile.invalidKeyTitle')} message={t('mobile.invalidKey')} initial={boardKey} onKey={onKey} />;
  }

  return (
    <div className={`board-root board-mobile is-${liveness.kind}`} data-testid="board-root">
      <header className="mobile-header">
        <div className="mobile-brand">
          <BoardLogo controller={controller} />
          <div className="board-brand-text">
            <h1 className="board-company" data-testid="board-company">
              {companyName || systemTitle}
            </h1>
            <div className="board-title">{companyName ? systemTitle : t('routes.mobile')}</div>
          </div>
        </div>
        <div className="mobile-side">
          <div className="mobile-side-top">
            <BoardClock compact />
            <BoardLanguageSwitch compact />
          </div>
          <ConnectionBadge liveness={liveness} />
        </div>
      </header>
      <main>
        <BoardTotals totals={totals} compact />
        <div className="mobile-search">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('mobile.search')}
            aria-label={t('mobile.search')}
            data-testid="mobile-search"
          />
        </div>
        <BoardErrorBanner error={data.ready ? data.error : null} />
        {!data.ready ? (
          data.error ? (
            <BoardMessage icon="pi pi-exclamation-triangle" action={<Button label={t('retry')} icon="pi pi-refresh" onClick={() => void controller.reload()} loading={data.loading} />}>
              {t('loadFailed', { message: data.error.message })}
            </BoardMessage>
          ) : (
            <BoardMessage icon="pi pi-spin pi-spinner">{t('loading')}</BoardMessage>
          )
        ) : rows.length === 0 ? (
          <BoardMessage icon="pi pi-inbox">{deferredQuery.trim() ? t('mobile.noMatch', { query: deferredQuery.trim() }) : t('empty')}</BoardMessage>
        ) : (
          <>
            <div className="mobile-count">{t('mobile.results', { count: rows.length })}</div>
            <div className="mobile-list">
              {rows.map((row) => (
                <OrderCard key={row.id} row={row} columns={data.columns} today={data.today} flash={data.flashes.get(row.id)} labels={labels} />
              ))}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
