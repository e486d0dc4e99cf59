// Follow an order: its delay alerts then reach the caller's bell (a toggle, aria-pressed).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { getFollowedOrders, setFollowing } from '../api/follow';

export function FollowOrderButton({ orderId }: { orderId: number }) {
  const { t } = useTranslation('schedule');
  const [following, setFollowingState] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getFollowedOrders()
      .then(({ orderIds }) => live && setFollowingState(orderIds.includes(orderId)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId]);

  // Unknown until read (or unreadable): no button rather than a wrong one.
  if (following === null) return null;
  const toggle = () => {
    setBusy(true);
    setFollowing(orderId, !following)
      .then(({ orderIds }) => setFollowingState(orderIds.includes(orderId)))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      type="button"
      label={following ? t('follow.following') : t('follow.follow')}
      icon={following ? 'pi pi-check' : 'pi pi-bell'}
      outlined={!following}
      aria-pressed={following}
      title={t('follow.hint')}
      disabled={busy}
      onClick={toggle}
      data-testid="follow-order"
    />
  );
}
