// One user's access: the roles they hold, extra pages beside them, and the processes they may
// scan or whose attachments they may view; the effective pages (roles ∪ extra) shown live.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { ListBox } from 'primereact/listbox';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { effectivePermissionsOf, type RoleRecord, type RouteCatalogue, type UserRecord, type UserRoleFields } from '@contracts/users';
import { ApiError } from '../../../lib/http-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getProcessOptions, type ProcessOption } from '../api/get-process-options';
import { getUser } from '../api/get-user';
import { getUsers } from '../api/get-users';
import { updateUserPermission } from '../api/update-user-permission';
import { CatalogueScreenTree, screenTitle } from './ScreenTree';

type LoadedUser = UserRecord & UserRoleFields;

interface Draft {
  roleIds: number[];
  permissions: string[];
  processIds: number[];
  attachmentProcessIds: number[];
}

const draftOf = (user: LoadedUser): Draft => ({
  roleIds: [...(user.roleIds ?? [])],
  permissions: [...(user.permissions ?? [])],
  processIds: [...(user.processIds ?? [])],
  attachmentProcessIds: [...(user.attachmentProcessIds ?? [])],
});

interface UserAccessPanelProps {
  catalogue: RouteCatalogue | null;
  roles: RoleRecord[];
  /** Shown instead of the tree while the catalogue is empty (the generate button). */
  emptyCatalogue: React.ReactNode;
}

export function UserAccessPanel({ catalogue, roles, emptyCatalogue }: UserAccessPanelProps) {
  const { t, i18n } = useTranslation('permission');
  const [keyword, setKeyword] = useState('');
  const [users, setUsers] = useState<UserRecord[] | null>(null);
  const [processes, setProcesses] = useState<ProcessOption[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [user, setUser] = useState<LoadedUser | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getProcessOptions()
      .then((options) => live && setProcesses(options))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      getUsers(keyword)
        .then((page) => live && setUsers(page.list))
        .catch(() => live && setUsers([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  const loadUser = useCallback(async (id: number) => {
    setUser(null);
    setDraft(null);
    try {
      const loaded = await getUser(id);
      setUser(loaded);
      setDraft(draftOf(loaded));
    } catch {
      setSelectedId(null);
    }
  }, []);

  useEffect(() => {
    setNotice(null);
    if (selectedId !== null) void loadUser(selectedId);
  }, [selectedId, loadUser]);

  const heldRoles = useMemo(() => roles.filter((role) => draft?.roleIds.includes(role.id)), [roles, draft]);
  const fromRoles = useMemo(() => new Set(heldRoles.flatMap((role) => role.permissions)), [heldRoles]);
  // In sidebar order (the catalogue's), names it does not know last.
  const effective = useMemo(() => {
    const order = new Map((catalogue ?? []).map((entry, index) => [entry.name, index]));
    const rank = (name: string) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
    return effectivePermissionsOf(heldRoles, draft?.permissions ?? []).sort((a, b) => rank(a) - rank(b));
  }, [heldRoles, draft, catalogue]);

  const save = async () => {
    if (!user || !draft) return;
    setSaving(true);
    setNotice(null);
    try {
      const saved = await updateUserPermission({ id: user.id, version: user.version, ...draft });
      notifySuccess(t('page.saved'));
      if (saved && typeof saved === 'object' && 'version' in saved && Array.isArray(saved.roleIds)) {
        setUser(saved as LoadedUser);
        setDraft(draftOf(saved as LoadedUser));
      } else {
        await loadUser(user.id);
      }
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.kind === 'unauthorized') return;
      if (failure.code === 409 && failure.data.errorKey === 'conflict') {
        await loadUser(user.id);
        setNotice(t('page.conflict'));
      } else {
        notifyError(failure.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const toggleRole = (roleId: number, checked: boolean) =>
    setDraft((current) => current && { ...current, roleIds: checked ? [...current.roleIds, roleId] : current.roleIds.filter((id) => id !== roleId) });

  const processOptions = processes.map((process) => ({ value: process.id, label: process.code ? `${process.code} · ${process.name}` : process.name }));

  return (
    <div className="permission-layout">
      <Card className="permission-users" title={t('page.users')}>
        <IconField iconPosition="left" className="permission-search">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder={t('page.searchUsers')}
            aria-label={t('page.searchUsers')}
          />
        </IconField>
        {users === null ? (
          Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height="2.6rem" className="mb-2" />)
        ) : (
          <ListBox
            value={selectedId}
            options={users}
            optionValue="id"
            optionLabel="username"
            onChange={(event) => event.value !== null && event.value !== undefined && setSelectedId(Number(event.value))}
            emptyMessage={t('page.noUsers')}
            className="permission-user-list"
            aria-label={t('page.users')}
            itemTemplate={(option: UserRecord) => (
              <div className="permission-user" data-username={option.username}>
                <span className="permission-user-name">{option.nickname || option.username}</span>
                <span className="muted small">
                  {option.username}
                  {option.departmentLabel ? ` · ${option.departmentLabel}` : ''}
                </span>
                {!option.enabled && <Tag value={t('page.disabled')} severity="secondary" className="permission-user-tag" />}
              </div>
            )}
          />
        )}
      </Card>

      <Card className="permission-editor">
        {!selectedId ? (
          <div className="permission-empty">
            <i className="pi pi-user" aria-hidden="true" />
            <span className="muted">{t('page.pickUser')}</span>
          </div>
        ) : !user || !draft ? (
          Array.from({ length: 6 }, (_, index) => <Skeleton key={index} height="2.2rem" className="mb-3" />)
        ) : (
          <div className="permission-form" data-testid="permission-form">
            <div className="permission-editor-header">
              <div>
                <h2>{user.nickname || user.username}</h2>
                <span className="muted">
                  {user.username}
                  {user.departmentLabel ? ` · ${user.departmentLabel}` : ''}
                </span>
              </div>
              <Button type="button" label={t('page.save')} icon="pi pi-check" loading={saving} onClick={() => void save()} />
            </div>
            {notice && <Message severity="warn" text={notice} className="list-note" />}

            <section className="permission-section" aria-labelledby="permission-user-roles">
              <h3 id="permission-user-roles">{t('users.roles')}</h3>
              <small className="field-hint">{t('users.rolesHint')}</small>
              {roles.length === 0 ? (
                <p className="muted">{t('users.noRoles')}</p>
              ) : (
                <ul className="permission-role-choices">
                  {roles.map((role) => (
                    <li key={role.id}>
                      <Checkbox
                        inputId={`permission-role-${role.id}`}
                        checked={draft.roleIds.includes(role.id)}
                        onChange={(event) => toggleRole(role.id, Boolean(event.checked))}
                      />
                      <label htmlFor={`permission-role-${role.id}`}>
                        <span className="permission-role-name">{role.name}</span>
                        <span className="muted small">{t('roles.pageCount', { count: role.permissions.length })}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section className="permission-section" aria-labelledby="permission-effective" data-testid="permission-effective">
              <h3 id="permission-effective">{t('users.effective', { count: effective.length })}</h3>
              <small className="field-hint">{t('users.effectiveHint')}</small>
              <div className="permission-effective">
                {effective.length === 0 ? (
                  <span className="muted">{t('users.noEffective')}</span>
                ) : (
                  effective.map((name) => (
                    <Tag
                      key={name}
                      value={screenTitle(catalogue ?? [], name, i18n.language)}
                      className={fromRoles.has(name) ? 'permission-effective-role' : 'permission-effective-extra'}
                      title={fromRoles.has(name) ? t('users.fromRole') : t('users.extraPage')}
                    />
                  ))
                )}
              </div>
            </section>

            <section className="permission-section">
              <h3>{t('users.extraPages')}</h3>
              <small className="field-hint">{t('users.extraPagesHint')}</small>
              <CatalogueScreenTree
                catalogue={catalogue}
                empty={emptyCatalogue}
                value={draft.permissions}
                inherited={fromRoles}
                label={t('users.extraPages')}
                onChange={(permissions) => setDraft((current) => current && { ...current, permissions })}
              />
            </section>

            <section className="permission-section form-grid">
              <div className="form-field">
                <label htmlFor="permission-processes">{t('page.processes')}</label>
                <MultiSelect
                  inputId="permission-processes"
                  value={draft.processIds}
                  options={processOptions}
                  onChange={(event) => setDraft((current) => current && { ...current, processIds: (event.value as number[]) ?? [] })}
                  display="chip"
                  filter
                  placeholder={t('page.selectProcesses')}
                  emptyMessage={t('page.noProcesses')}
                />
                <small className="field-hint">{t('page.processesHint')}</small>
              </div>
              <div className="form-field">
                <label htmlFor="permission-attachment-processes">{t('page.attachmentProcesses')}</label>
                <MultiSelect
                  inputId="permission-attachment-processes"
                  value={draft.attachmentProcessIds}
                  options={processOptions}
                  onChange={(event) => setDraft((current) => current && { ...current, attachmentProcessIds: (event.value as number[]) ?? [] })}
                  display="chip"
                  filter
                  placeholder={t('page.selectProcesses')}
                  emptyMessage={t('page.noProcesses')}
                />
                <small className="field-hint">{t('page.attachmentProcessesHint')}</small>
              </div>
            </section>
          </div>
        )}
      </Card>
    </div>
  );
}
