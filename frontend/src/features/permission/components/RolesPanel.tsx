// Roles: named sets of screens (merchandiser, production manager, …). Pick one to rename it,
// describe it or tick its screens; a change reaches the people holding it on their next
// request, and their open screens' menus follow at once.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { ListBox } from 'primereact/listbox';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { ROLE_DESCRIPTION_MAX_LENGTH, ROLE_NAME_MAX_LENGTH, type RoleRecord, type RouteCatalogue } from '@contracts/users';
import { ApiError } from '../../../lib/http-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { deleteRole } from '../api/delete-role';
import { saveRole, type RoleDraft } from '../api/save-role';
import { CatalogueScreenTree } from './ScreenTree';

const NEW_ROLE = 'new';

interface RolesPanelProps {
  catalogue: RouteCatalogue | null;
  roles: RoleRecord[] | null;
  /** Reloads the role list (after a save or delete); resolves with it. */
  reload(): Promise<RoleRecord[]>;
  emptyCatalogue: React.ReactNode;
}

const draftOf = (role: RoleRecord | null): RoleDraft => ({ name: role?.name ?? '', description: role?.description ?? '', permissions: [...(role?.permissions ?? [])] });

export function RolesPanel({ catalogue, roles, reload, emptyCatalogue }: RolesPanelProps) {
  const { t, i18n } = useTranslation('permission');
  const [selected, setSelected] = useState<number | typeof NEW_ROLE | null>(null);
  const [draft, setDraft] = useState<RoleDraft>(draftOf(null));
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const role = typeof selected === 'number' ? (roles?.find((candidate) => candidate.id === selected) ?? null) : null;

  // A role picked (or the list reloaded after someone else's change): start from what is stored.
  useEffect(() => {
    setDraft(draftOf(role));
    setNameError(null);
    // Only when the stored role changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, role?.version]);

  const startNew = () => {
    setNotice(null);
    setSelected(NEW_ROLE);
    setDraft(draftOf(null));
    setNameError(null);
    // The name field is the first thing to fill in.
    setTimeout(() => document.getElementById('role-name')?.focus(), 0);
  };

  const save = async () => {
    if (!draft.name.trim()) {
      setNameError(t('roles.nameRequired'));
      document.getElementById('role-name')?.focus();
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const saved = await saveRole({ ...draft, name: draft.name.trim() }, role ?? undefined);
      notifySuccess(t('roles.saved'));
      await reload();
      setSelected(saved.id);
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.kind === 'unauthorized') return;
      if (failure.code === 409 && failure.data.errorKey === 'conflict') {
        await reload();
        setNotice(t('roles.conflict'));
      } else if (failure.data.field === 'name') {
        setNameError(failure.message);
        document.getElementById('role-name')?.focus();
      } else {
        notifyError(failure.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = () => {
    if (!role) return;
    confirmDialog({
      header: t('roles.confirmDeleteTitle'),
      message: t('roles.confirmDelete', { name: role.name }),
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('roles.delete'),
      rejectLabel: i18n.t('common:actions.cancel'),
      accept: async () => {
        try {
          await deleteRole(role.id);
          notifySuccess(t('roles.deleted'));
          setSelected(null);
          await reload();
        } catch (failure) {
          if (failure instanceof ApiError && failure.kind !== 'unauthorized') notifyError(failure.message);
        }
      },
    });
  };

  return (
    <div className="permission-layout">
      <Card className="permission-roles" title={t('roles.title')}>
        <Button type="button" label={t('roles.new')} icon="pi pi-plus" outlined className="permission-new-role" onClick={startNew} />
        {roles === null ? (
          Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height="2.6rem" className="mb-2" />)
        ) : (
          <ListBox
            value={selected}
            options={roles}
            optionValue="id"
            optionLabel="name"
            onChange={(event) => {
              if (event.value === null || event.value === undefined) return;
              setNotice(null);
              setSelected(Number(event.value));
            }}
            emptyMessage={t('roles.none')}
            className="permission-user-list"
            aria-label={t('roles.title')}
            itemTemplate={(option: RoleRecord) => (
              <div className="permission-user" data-role={option.name}>
                <span className="permission-user-name">{option.name}</span>
                <span className="muted small">
                  {t('roles.userCount', { count: option.userCount })} · {t('roles.pageCount', { count: option.permissions.length })}
                </span>
              </div>
            )}
          />
        )}
      </Card>

      <Card className="permission-editor">
        {selected === null || (typeof selected === 'number' && !role) ? (
          <div className="permission-empty">
            <i className="pi pi-id-card" aria-hidden="true" />
            <span className="muted">{t('roles.pick')}</span>
          </div>
        ) : (
          <form
            className="permission-form"
            data-testid="role-form"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <div className="permission-editor-header">
              <div>
                <h2>{role ? role.name : t('roles.new')}</h2>
                {role && <span className="muted">{t('roles.userCount', { count: role.userCount })}</span>}
              </div>
              <div className="permission-actions">
                {role && <Button type="button" label={t('roles.delete')} icon="pi pi-trash" severity="danger" outlined onClick={remove} />}
                <Button type="submit" label={t('roles.save')} icon="pi pi-check" loading={saving} />
              </div>
            </div>
            {notice && <Message severity="warn" text={notice} className="list-note" />}
            <section className="permission-section form-grid">
              <div className="form-field">
                <label htmlFor="role-name">{t('roles.name')} *</label>
                <InputText
                  id="role-name"
                  value={draft.name}
                  maxLength={ROLE_NAME_MAX_LENGTH}
                  invalid={nameError !== null}
                  aria-invalid={nameError !== null}
                  aria-describedby={nameError ? 'role-name-error' : undefined}
                  onChange={(event) => {
                    setNameError(null);
                    setDraft((current) => ({ ...current, name: event.target.value }));
                  }}
                />
                {nameError && (
                  <small id="role-name-error" className="p-error">
                    {nameError}
                  </small>
                )}
              </div>
              <div className="form-field">
                <label htmlFor="role-description">{t('roles.description')}</label>
                <InputText
                  id="role-description"
                  value={draft.description}
                  maxLength={ROLE_DESCRIPTION_MAX_LENGTH}
                  onChange={(event) => setDraft((current) => ({ ...current, description: event.target.value }))}
                />
              </div>
            </section>
            <section className="permission-section">
              <h3>{t('roles.screens')}</h3>
              <small className="field-hint">{t('roles.screensHint')}</small>
              <CatalogueScreenTree
                catalogue={catalogue}
                empty={emptyCatalogue}
                value={draft.permissions}
                label={t('roles.screens')}
                onChange={(permissions) => setDraft((current) => ({ ...current, permissions }))}
              />
            </section>
          </form>
        )}
      </Card>
    </div>
  );
}
