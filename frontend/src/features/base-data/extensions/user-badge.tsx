// A worker's badge (issue 11): a card with their name, department and a QR of `SBW1:<badgeCode>`
// that a shared scan station reads to credit scans to them. Printed from the user list; "Renew
// badge" gives a new code when one is lost (the old card stops working at once). The card is
// also rendered as a print-only copy under <body>, like the job tickets, so print shows exactly
// one card at its real size (85.6 × 54 mm, a standard ID card).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { BADGE_PREFIX } from '@contracts/appraisal';
import type { MasterRecord } from '@contracts/master-data';
import { QrCode } from '../../../components/QrCode';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { isRouteAllowed } from '@contracts/routes';
import { renewUserBadge } from '../api/renew-user-badge';
import type { ListDialogProps, ListExtension } from './list-extension';
import './user-badge.css';

/** What the badge QR holds (contracts/appraisal.ts). */
export const badgePayload = (badgeCode: string): string => `${BADGE_PREFIX}:${badgeCode}`;

const nameOf = (row: MasterRecord): string => (typeof row.nickname === 'string' && row.nickname) || String(row.username ?? '');

function BadgeCard({ row, badgeCode }: { row: MasterRecord; badgeCode: string }) {
  const { t } = useTranslation('baseData');
  return (
    <article className="worker-badge" data-testid="worker-badge">
      <div className="worker-badge-text">
        <span className="worker-badge-kind">{t('badge.kind')}</span>
        <strong className="worker-badge-name">{nameOf(row)}</strong>
        {typeof row.departmentLabel === 'string' && row.departmentLabel && <span className="worker-badge-department">{row.departmentLabel}</span>}
        <span className="worker-badge-username">{String(row.username ?? '')}</span>
      </div>
      <QrCode text={badgePayload(badgeCode)} className="worker-badge-qr" label={t('badge.qrLabel', { name: nameOf(row) })} />
    </article>
  );
}

export function UserBadgeDialog({ row, action, onHide }: ListDialogProps) {
  const { t } = useTranslation('baseData');
  const { t: tc } = useTranslation('common');
  const permissions = useSession((session) => session.permissions);
  const canRenew = isRouteAllowed('UserUpdate', permissions);
  const [badgeCode, setBadgeCode] = useState<string | null>(typeof row.badgeCode === 'string' ? row.badgeCode : null);
  const [renewing, setRenewing] = useState(false);

  // Print shows only the card while the dialog is open.
  useEffect(() => {
    document.body.classList.add('printing-badge');
    return () => document.body.classList.remove('printing-badge');
  }, []);

  const renew = async () => {
    setRenewing(true);
    try {
      const record = await renewUserBadge(row.id);
      if (typeof record.badgeCode === 'string') setBadgeCode(record.badgeCode);
      notifySuccess(t('badge.renewed', { name: nameOf(row) }));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setRenewing(false);
    }
  };

  const confirmRenew = () =>
    confirmDialog({
      header: t('badge.renew'),
      message: t('badge.renewConfirm', { name: nameOf(row) }),
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptLabel: t('badge.renew'),
      rejectLabel: tc('actions.cancel'),
      accept: () => void renew(),
    });

  // Opened by "Renew badge": ask at once.
  useEffect(() => {
    if (action === 'renewBadge' && canRenew) confirmRenew();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when opened
  }, []);

  const footer = (
    <div className="form-actions">
      <Button type="button" label={t('badge.close')} icon="pi pi-times" text severity="secondary" onClick={onHide} />
      {canRenew && <Button type="button" label={t('badge.renew')} icon="pi pi-refresh" outlined severity="warning" loading={renewing} onClick={confirmRenew} data-testid="badge-renew" />}
      <Button type="button" label={t('badge.print')} icon="pi pi-print" disabled={!badgeCode} onClick={() => window.print()} autoFocus data-testid="badge-print" />
    </div>
  );

  return (
    <>
      <Dialog header={t('badge.titleOf', { name: nameOf(row) })} visible onHide={onHide} footer={footer} style={{ width: 'min(32rem, 96vw)' }} breakpoints={{ '640px': '100vw' }} data-testid="badge-dialog">
        {badgeCode ? (
          <>
            <p className="muted worker-badge-hint">{t('badge.hint')}</p>
            <div className="worker-badge-preview">
              <BadgeCard row={row} badgeCode={badgeCode} />
            </div>
          </>
        ) : (
          <Message severity="warn" text={t('badge.noCode')} />
        )}
      </Dialog>
      {badgeCode &&
        createPortal(
          <div className="worker-badge-print" aria-hidden="true">
            <BadgeCard row={row} badgeCode={badgeCode} />
          </div>,
          document.body,
        )}
    </>
  );
}

export const userListExtension: ListExtension = {
  rowActions(row, { t, open }) {
    if (typeof row.badgeCode !== 'string') return [];
    return [
      { key: 'printBadge', label: t('badge.print'), icon: 'pi pi-id-card', onSelect: () => open('printBadge'), testId: `print-badge-${row.id}` },
      { key: 'renewBadge', label: t('badge.renew'), icon: 'pi pi-refresh', onSelect: () => open('renewBadge'), testId: `renew-badge-${row.id}` },
    ];
  },
  Dialog: UserBadgeDialog,
};
