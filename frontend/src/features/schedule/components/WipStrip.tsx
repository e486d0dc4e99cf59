// Work in progress on the schedule (cut bundles): per process, the bundles and pieces waiting
// there, stuck ones in red. Nothing at all is shown while no bundle is in progress (a site that
// does not cut into bundles sees the schedule as before).
import { useTranslation } from 'react-i18next';
import type { OrderProcessWip, ProcessWip, WipSummary } from '@contracts/bundles';

export function hasWip(wip: WipSummary | null | undefined): wip is WipSummary {
  return Boolean(wip && wip.processes.some((process) => process.bundles > 0));
}

/** "3 · 120" with "2 stuck" in red: bundles · pieces. */
export function WipFigures({ wip, compact = false }: { wip: ProcessWip | OrderProcessWip; compact?: boolean }) {
  const { t, i18n } = useTranslation('schedule');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <span className={`wip-figures${compact ? ' is-compact' : ''}`} title={t('wip.title', { bundles: wip.bundles, pieces: wip.pieces })}>
      <span>{t('wip.figures', { bundles: number.format(wip.bundles), pieces: number.format(wip.pieces) })}</span>
      {wip.stuck > 0 && <span className="wip-stuck">{t('wip.stuck', { count: wip.stuck })}</span>}
    </span>
  );
}

export function WipStrip({ wip }: { wip: WipSummary | null | undefined }) {
  const { t } = useTranslation('schedule');
  if (!hasWip(wip)) return null;
  return (
    <section className="wip-strip" aria-label={t('wip.heading')} data-testid="wip-strip">
      <span className="wip-heading" title={t('wip.hint', { hours: wip.stuckHours })}>
        {t('wip.heading')}
      </span>
      <ul>
        {wip.processes
          .filter((process) => process.bundles > 0)
          .map((process) => (
            <li key={process.processId} data-testid={`wip-${process.processId}`}>
              <span className="wip-process">{process.processName}</span>
              <WipFigures wip={process} />
            </li>
          ))}
      </ul>
    </section>
  );
}
