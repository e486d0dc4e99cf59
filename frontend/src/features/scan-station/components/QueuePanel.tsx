import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { QueueEntry, QueueSnapshot, ScanQueue } from '../model/scan-queue';

const time = (iso: string, language: string) => new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function EntryLine({ entry, language }: { entry: QueueEntry; language: string }) {
  const quantity = entry.label.quantity > 0 ? `+${entry.label.quantity}` : `−${-entry.label.quantity}`;
  return (
    <span className="scan-entry-main">
      <strong>{entry.label.orderNo}</strong> · {entry.label.processName} <span className="scan-entry-qty">{quantity}</span>
      <span className="muted scan-entry-time">{time(entry.queuedAt, language)}</span>
    </span>
  );
}

/** Scans not yet answered by the server, and scans it refused (kept until dismissed). */
export function QueuePanel({ queue, snapshot, ownerId }: { queue: ScanQueue; snapshot: QueueSnapshot; ownerId: number | null }) {
  const { t, i18n } = useTranslation('scanStation');
  const { pending, refused } = snapshot;
  const others = pending.filter((entry) => entry.ownerId !== null && ownerId !== null && entry.ownerId !== ownerId).length;
  if (pending.length === 0 && refused.length === 0 && !snapshot.memoryOnly) return null;
  return (
    <section className="scan-panel scan-queue" aria-label={t('queue.title')} data-testid="scan-queue">
      {snapshot.memoryOnly && <Message severity="error" text={t('queue.memoryOnly')} className="scan-note" />}
      {pending.length > 0 && (
        <>
          <header className="scan-panel-head">
            <h2>
              <i className="pi pi-cloud-upload" aria-hidden="true" /> <span data-testid="scan-pending-count">{t('queue.count', { count: pending.length })}</span>
            </h2>
            <Button type="button" size="small" icon="pi pi-send" label={snapshot.flushing ? t('queue.sending') : t('queue.sendNow')} disabled={snapshot.flushing} onClick={() => void queue.flush().catch(() => undefined)} />
          </header>
          {others > 0 && <p className="muted scan-panel-note">{t('queue.otherUser', { count: others })}</p>}
          <ul className="scan-entries">
            {pending.map((entry) => (
              <li key={entry.scanId} className="scan-entry is-pending">
                <EntryLine entry={entry} language={i18n.language} />
                {entry.attempts > 0 && (
                  <span className="muted scan-entry-note">
                    {t('queue.attempts', { count: entry.attempts })}
                    {entry.lastError ? ` · ${t('queue.lastError', { message: entry.lastError })}` : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {refused.length > 0 && (
        <>
          <header className="scan-panel-head is-refused">
            <h2>
              <i className="pi pi-times-circle" aria-hidden="true" /> {t('queue.refusedTitle')} ({refused.length})
            </h2>
          </header>
          <p className="muted scan-panel-note">{t('queue.refusedHint')}</p>
          <ul className="scan-entries" data-testid="scan-refused">
            {refused.map((entry) => (
              <li key={entry.scanId} className="scan-entry is-refused">
                <EntryLine entry={entry} language={i18n.language} />
                <span className="scan-entry-message">{entry.message}</span>
                <Button type="button" size="small" text label={t('queue.dismiss')} icon="pi pi-check" onClick={() => queue.dismiss(entry.scanId)} className="scan-entry-dismiss" />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
