// Board profiles and paired TVs on /setting/dashboard (issue 13): an administrator names board
// settings (processes, customers, display mode, presentation, interval, sort), pairs a TV to one
// with a link / QR code shown once, sees every TV's last-seen time and revokes a TV at once.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { BoardDevice, BoardProfile, BoardProfileFields, PairedDevice } from '@contracts/board-profiles';
import { QrCode } from '../../../components/QrCode';
import { ROOMS } from '@contracts/events';
import { refreshModeOf } from '../../../lib/board-vocabulary';
import { realtime, resyncAfterFirstJoin } from '../../../lib/socket';
import { formatDate } from '../../../lib/format-date';
import { ApiError } from '../../../lib/http-client';
import { notifySuccess } from '../../../lib/notify';
import { useAsyncAction } from '../../../lib/use-async';
import type { BoardScopeOptions } from '../api/get-board-scope-options';
import { deleteBoardProfile, listBoardDevices, listBoardProfiles, pairBoardDevice, revokeBoardDevice, saveBoardProfile } from '../api/board-profiles';
import { DisplayModeField, RefreshIntervalField, RefreshTypeField, ScopeField, SortField, useRefreshIntervalCheck, type WithIntervalDraft } from './BoardSettingFields';

const NEW_PROFILE: BoardProfileFields = { name: '', processIds: [], customerIds: [], displayMode: 'delivery', refreshType: 0, refreshInterval: 10, sortBy: 'deliveryAsc' };
/** The device list's last-seen times move at most once a minute: re-read it about that often. */
const DEVICES_REFRESH_MS = 30_000;

export function BoardProfilesPanel({ scope }: { scope: BoardScopeOptions }) {
  const { t } = useTranslation('settingsDashboard');
  const [profiles, setProfiles] = useState<BoardProfile[] | null>(null);
  const [devices, setDevices] = useState<BoardDevice[] | null>(null);
  const [editing, setEditing] = useState<{ id?: number; fields: BoardProfileFields } | null>(null);
  const [pairing, setPairing] = useState(false);

  const reload = useCallback(async () => {
    try {
      const [nextProfiles, nextDevices] = await Promise.all([listBoardProfiles(), listBoardDevices()]);
      setProfiles(nextProfiles);
      setDevices(nextDevices);
    } catch {
      // The HTTP client showed why; the lists keep what they had.
    }
  }, []);

  useEffect(() => {
    void reload();
    const timer = window.setInterval(() => void reload(), DEVICES_REFRESH_MS);
    // Another administrator's change to a profile shows here at once (room settings).
    const unsubscribe = realtime.subscribe([ROOMS.settings], {
      onEvent: (event) => {
        if (event.name === 'boardProfile.changed') void reload();
      },
      onResync: resyncAfterFirstJoin(reload),
    });
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [reload]);

  const profileName = (id: number | null) => (id === null ? t('profiles.defaultProfile') : (profiles?.find((profile) => profile.id === id)?.name ?? '—'));

  const confirmDelete = (profile: BoardProfile) =>
    confirmDialog({
      header: t('profiles.deleteTitle'),
      message: t('profiles.deleteMessage', { name: profile.name, count: profile.deviceCount }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('profiles.delete'),
      rejectLabel: t('profiles.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          await deleteBoardProfile(profile.id);
          notifySuccess(t('profiles.deleted'));
        } finally {
          void reload();
        }
      },
    });

  const confirmRevoke = (device: BoardDevice) =>
    confirmDialog({
      header: t('devices.revokeTitle'),
      message: t('devices.revokeMessage', { name: device.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('devices.revoke'),
      rejectLabel: t('profiles.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          await revokeBoardDevice(device.id);
          notifySuccess(t('devices.revoked'));
        } finally {
          void reload();
        }
      },
    });

  return (
    <Card className="settings-card board-profiles" title={t('profiles.title')} data-testid="board-profiles">
      <p className="muted">{t('profiles.subtitle')}</p>
      <div className="board-profiles-actions">
        <Button type="button" label={t('profiles.create')} icon="pi pi-plus" onClick={() => setEditing({ fields: NEW_PROFILE })} data-testid="profile-create" />
        <Button type="button" label={t('devices.pair')} icon="pi pi-link" outlined onClick={() => setPairing(true)} data-testid="device-pair" />
      </div>
      <DataTable value={profiles ?? []} loading={profiles === null} dataKey="id" size="small" scrollable emptyMessage={t('profiles.empty')} aria-label={t('profiles.listLabel')} data-testid="profile-list">
        <Column field="name" header={t('profiles.name')} />
        <Column header={t('profiles.presentation')} body={(profile: BoardProfile) => t(`common:board.refreshType.${refreshModeOf(profile.refreshType)}`)} />
        <Column header={t('profiles.displayMode')} body={(profile: BoardProfile) => t(`common:board.displayMode.${profile.displayMode}`)} />
        <Column header={t('profiles.interval')} body={(profile: BoardProfile) => t('profiles.seconds', { count: profile.refreshInterval })} />
        <Column field="deviceCount" header={t('profiles.devices')} />
        <Column
          header={t('profiles.actions')}
          body={(profile: BoardProfile) => (
            <span className="row-actions">
              <Button
                type="button"
                icon="pi pi-pencil"
                text
                aria-label={t('profiles.editNamed', { name: profile.name })}
                onClick={() => setEditing({ id: profile.id, fields: pickFields(profile) })}
              />
              <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={t('profiles.deleteNamed', { name: profile.name })} onClick={() => confirmDelete(profile)} />
            </span>
          )}
        />
      </DataTable>

      <h3 className="board-devices-title">{t('devices.title')}</h3>
      <DataTable value={devices ?? []} loading={devices === null} dataKey="id" size="small" scrollable emptyMessage={t('devices.empty')} aria-label={t('devices.title')} data-testid="device-list">
        <Column field="name" header={t('devices.name')} />
        <Column header={t('devices.profile')} body={(device: BoardDevice) => (device.profileId === null ? t('profiles.defaultProfile') : device.profileName)} />
        <Column header={t('devices.lastSeen')} body={(device: BoardDevice) => formatDate(device.lastSeenAt, undefined, t('devices.never'))} />
        <Column
          header={t('devices.status')}
          body={(device: BoardDevice) =>
            device.revokedAt ? <span className="status-revoked">{t('devices.revokedAt', { time: formatDate(device.revokedAt) })}</span> : t('devices.active')
          }
        />
        <Column
          header={t('profiles.actions')}
          body={(device: BoardDevice) =>
            device.revokedAt ? null : (
              <Button type="button" label={t('devices.revoke')} icon="pi pi-ban" size="small" outlined severity="danger" aria-label={t('devices.revokeNamed', { name: device.name })} onClick={() => confirmRevoke(device)} />
            )
          }
        />
      </DataTable>

      {editing && (
        <ProfileDialog
          key={editing.id ?? 'new'}
          id={editing.id}
          initial={editing.fields}
          scope={scope}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      {pairing && (
        <PairDialog
          profiles={profiles ?? []}
          profileName={profileName}
          onClose={() => {
            setPairing(false);
            void reload();
          }}
        />
      )}
    </Card>
  );
}

function pickFields(profile: BoardProfile): BoardProfileFields {
  const { name, processIds, customerIds, displayMode, refreshType, refreshInterval, sortBy } = profile;
  return { name, processIds, customerIds, displayMode, refreshType, refreshInterval, sortBy };
}

function ProfileDialog({ id, initial, scope, onClose, onSaved }: { id?: number; initial: BoardProfileFields; scope: BoardScopeOptions; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('settingsDashboard');
  const [form, setForm] = useState<WithIntervalDraft<BoardProfileFields>>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useAsyncAction(saveBoardProfile);
  const interval = useRefreshIntervalCheck('profile-interval');
  const update = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    setError(null);
    if (key === 'refreshInterval') interval.clear();
    setForm((current) => ({ ...current, [key]: value }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { refreshInterval } = form;
    if (!interval.check(refreshInterval)) return;
    try {
      await save.run({ ...form, refreshInterval }, id);
      notifySuccess(t('profiles.saved'));
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setError(failure.message);
    }
  };
  return (
    <Dialog header={t(id === undefined ? 'profiles.create' : 'profiles.edit')} visible onHide={onClose} className="board-profile-dialog" style={{ width: 'min(40rem, 96vw)' }}>
      <form onSubmit={submit} noValidate aria-label={t(id === undefined ? 'profiles.create' : 'profiles.edit')} data-testid="profile-form">
        <div className="form-field">
          <label htmlFor="profile-name">{t('profiles.name')}</label>
          <InputText id="profile-name" value={form.name} maxLength={64} onChange={(event) => update('name', event.target.value)} autoFocus required />
        </div>
        <RefreshTypeField id="profile-refresh" name="profileRefreshType" label={t('profiles.presentation')} value={form.refreshType} onChange={(value) => update('refreshType', value)} />
        <div className="form-grid">
          <RefreshIntervalField
            id="profile-interval"
            label={t('profiles.interval')}
            value={form.refreshInterval}
            onChange={(value) => update('refreshInterval', value)}
            missing={interval.missing}
          />
          <DisplayModeField id="profile-display-mode" label={t('profiles.displayMode')} value={form.displayMode} onChange={(value) => update('displayMode', value)} />
          <SortField id="profile-sort" label={t('profiles.sort')} value={form.sortBy} onChange={(value) => update('sortBy', value)} />
          <ScopeField
            id="profile-processes"
            label={t('page.processIds')}
            placeholder={t('page.allProcesses')}
            options={scope.processes}
            loading={scope.loading}
            value={form.processIds}
            onChange={(value) => update('processIds', value)}
          />
          <ScopeField
            id="profile-customers"
            label={t('page.customerIds')}
            placeholder={t('page.allCustomers')}
            options={scope.customers}
            loading={scope.loading}
            value={form.customerIds}
            onChange={(value) => update('customerIds', value)}
          />
        </div>
        {error && <Message className="server-error" severity="error" text={error} data-testid="profile-error" />}
        <div className="form-actions">
          <Button type="button" label={t('profiles.cancel')} outlined severity="secondary" onClick={onClose} />
          <Button type="submit" label={t('profiles.save')} icon="pi pi-check" loading={save.loading} />
        </div>
      </form>
    </Dialog>
  );
}

function PairDialog({ profiles, profileName, onClose }: { profiles: BoardProfile[]; profileName: (id: number | null) => string; onClose: () => void }) {
  const { t } = useTranslation('settingsDashboard');
  const [name, setName] = useState('');
  const [profileId, setProfileId] = useState<number | null>(profiles[0]?.id ?? null);
  const [paired, setPaired] = useState<PairedDevice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pair = useAsyncAction(pairBoardDevice);
  const link = paired ? `${window.location.origin}${paired.path}` : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setPaired(await pair.run(name, profileId));
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setError(failure.message);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess(t('devices.copied'));
    } catch {
      // Clipboard access can be denied (plain http): the link stays selectable.
    }
  };
  const options = [{ value: null as number | null, label: profileName(null) }, ...profiles.map((profile) => ({ value: profile.id as number | null, label: profile.name }))];

  return (
    <Dialog header={t('devices.pair')} visible onHide={onClose} className="board-pair-dialog" style={{ width: 'min(34rem, 96vw)' }}>
      {paired ? (
        <div className="board-pair-result" data-testid="pair-result">
          <Message severity="warn" text={t('devices.onceOnly')} />
          <p>{t('devices.openOnTv', { name: paired.device.name, profile: profileName(paired.device.profileId) })}</p>
          <QrCode text={link} className="board-pair-qr" label={t('devices.qrLabel')} testId="pair-qr" />
          <div className="p-inputgroup">
            <InputText value={link} readOnly aria-label={t('devices.link')} data-testid="pair-link" onFocus={(event) => event.target.select()} />
            <Button type="button" icon="pi pi-copy" outlined aria-label={t('devices.copy')} onClick={() => void copy()} />
          </div>
          <div className="form-actions">
            <Button type="button" label={t('devices.done')} onClick={onClose} autoFocus />
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('devices.pair')} data-testid="pair-form">
          <div className="form-field">
            <label htmlFor="device-name">{t('devices.name')}</label>
            <InputText id="device-name" value={name} maxLength={64} onChange={(event) => setName(event.target.value)} autoFocus placeholder={t('devices.namePlaceholder')} />
          </div>
          <div className="form-field">
            <label htmlFor="device-profile">{t('devices.profile')}</label>
            <Dropdown inputId="device-profile" value={profileId} options={options} onChange={(event) => setProfileId(event.value as number | null)} />
          </div>
          {error && <Message className="server-error" severity="error" text={error} />}
          <div className="form-actions">
            <Button type="button" label={t('profiles.cancel')} outlined severity="secondary" onClick={onClose} />
            <Button type="submit" label={t('devices.pairSubmit')} icon="pi pi-link" loading={pair.loading} disabled={!name.trim()} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
