// The top bar's bell: unread count, and a panel listing the caller's delay alerts with links to
// the order's progress. Pushed notifications also show a toast. Keyboard: the bell is a button;
// the panel opens with focus on its first entry, Esc closes it and focus returns to the bell.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { UserNotification } from '@contracts/alerts';
import { PRODUCTION_PATHS } from '../../../config/paths';
import { useStore } from '../../../lib/create-store';
import { formatDate } from '../../../lib/format-date';
import { t as translate } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { alertText, type Translate } from '../model/alert-text';
import { createNotificationCenter, type NotificationCenter } from '../model/notification-center';
import './notification-bell.css';

/** Notifications pushed together (one evaluation raising several alerts) make one toast. */
const TOAST_BATCH_MS = 300;
let batch: UserNotification[] = [];

const announce = (notification: UserNotification) => {
  batch.push(notification);
  if (batch.length > 1) return;
  setTimeout(() => {
    const [first, ...more] = batch;
    batch = [];
    const detail = alertText(first.alert, translate);
    notify({
      severity: 'warn',
      summary: more.length > 0 ? translate('alerts:toastMany', { count: more.length + 1 }) : translate('alerts:toast'),
      detail: more.length > 0 ? `${detail} …` : detail,
      life: 8000,
    });
  }, TOAST_BATCH_MS);
};

/** The app's one notification center (one socket subscription, whichever screen is open). */
export const notificationCenter = createNotificationCenter({ announce });

export function NotificationBell({ center = notificationCenter }: { center?: NotificationCenter }) {
  const { t: tAlerts } = useTranslation('alerts');
  const t: Translate = (key, options) => tAlerts(key, options ?? {});
  const state = useStore(center.store, (value) => value);
  const panel = useRef<OverlayPanel>(null);
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const id = `notifications-${useId().replace(/:/g, '')}`;

  useEffect(() => center.start(), [center]);

  const label = state.unread > 0 ? t('bellUnread', { count: state.unread }) : t('bell');
  const close = () => panel.current?.hide();

  return (
    <span className="notification-bell" data-live={state.live} data-testid="notification-bell-wrap">
      <Button
        id={`${id}-toggle`}
        type="button"
        icon="pi pi-bell"
        text
        rounded
        severity="secondary"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => panel.current?.toggle(event)}
        data-testid="notification-bell"
      />
      {state.unread > 0 && (
        <span className="notification-badge" aria-hidden="true" data-testid="notification-unread">
          {state.unread > 99 ? '99+' : state.unread}
        </span>
      )}
      <OverlayPanel
        ref={panel}
        id={id}
        className="notification-panel"
        closeOnEscape
        aria-label={t('title')}
        onShow={() => {
          setOpen(true);
          // The newest entry; with none, the panel's first control.
          (list.current?.querySelector<HTMLElement>('.notification-link') ?? list.current?.querySelector<HTMLElement>('button:not([disabled])'))?.focus();
        }}
        onHide={() => {
          setOpen(false);
          document.getElementById(`${id}-toggle`)?.focus();
        }}
      >
        <div ref={list} role="dialog" aria-label={t('title')}>
          <div className="notification-head">
            <strong>{t('title')}</strong>
            <Button type="button" label={t('markAllRead')} link size="small" disabled={state.unread === 0} onClick={() => void center.markAllRead()} data-testid="notification-read-all" />
          </div>
          {state.failed && state.items.length === 0 && <p className="notification-empty">{t('loadFailed')}</p>}
          {!state.failed && state.items.length === 0 && <p className="notification-empty">{t('empty')}</p>}
          {state.items.length > 0 && (
            <ul className="notification-list" data-testid="notification-list">
              {state.items.map((item) => (
                <li key={item.id} className={`notification-item${item.readAt ? '' : ' is-unread'}${item.alert.clearedAt ? ' is-resolved' : ''}`} data-testid="notification-item">
                  <Link
                    href={PRODUCTION_PATHS.scheduleUpdate(item.alert.orderId)}
                    className="notification-link"
                    aria-label={`${t(`kind.${item.alert.kind}`)}: ${alertText(item.alert, t)}. ${t('openOrder', { orderNo: item.alert.orderNo })}`}
                    onClick={() => {
                      if (!item.readAt) void center.markRead(item.id);
                      close();
                    }}
                  >
                    <span className="notification-meta">
                      <span className={`notification-kind is-${item.alert.kind}`}>{t(`kind.${item.alert.kind}`)}</span>
                      {!item.readAt && <span className="notification-unread-dot">{t('unread')}</span>}
                      {item.alert.clearedAt && <span className="notification-resolved">{t('resolved')}</span>}
                      <time dateTime={item.createdAt}>{formatDate(item.createdAt, 'MM-DD HH:mm')}</time>
                    </span>
                    <span className="notification-text">{alertText(item.alert, t)}</span>
                  </Link>
                  {!item.readAt && (
                    <Button
                      type="button"
                      icon="pi pi-check"
                      text
                      rounded
                      size="small"
                      severity="secondary"
                      aria-label={`${t('markRead')}: ${item.alert.orderNo}`}
                      title={t('markRead')}
                      onClick={() => void center.markRead(item.id)}
                      data-testid={`notification-read-${item.id}`}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </OverlayPanel>
    </span>
  );
}
