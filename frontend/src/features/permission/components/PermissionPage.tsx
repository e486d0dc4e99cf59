// Who may open which screens and work on which processes: pick a user, tick screens in a tree
// grouped like the sidebar, choose processes, save. The tree offers the stored route
// catalogue, which this screen keeps in step with the frontend's route table.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { ListBox } from 'primereact/listbox';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { Tree } from 'primereact/tree';
import type { RouteCatalogue, UserRecord } from '@contracts/users';
import { ApiError } from '../../../lib/http-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { getProcessOptions, type ProcessOption } from '../api/get-process-options';
import { getUser } from '../api/get-user';
import { getUsers } from '../api/get-users';
import { catalogueTree, permissionsOf, selectionOf, unlistedPermissions, type TreeCheckboxSelectionKeys } from '../api/permission-tree';
import { buildRouteCatalogue, generateRouteCatalogue, getRouteCatalogue, syncRouteCatalogue } from '../api/route-catalogue';
import { updateUserPermission } from '../api/update-user-permission';

interface Draft {
  permissions: string[];
  processIds: number[];
  attachmentProcessIds: number[];
}

const draftOf = (user: UserRecord): Draft => ({
  permissions: [...(user.permissions ?? [])],
  processIds: [...(user.processIds ?? [])],
  attachmentProcessIds: [...(user.attachmentProcessIds ?? [])],
});

export function PermissionPage() {
  const { t, i18n } = useTranslation('permission');
  const sessionPermissions = useSession((session) => session.permissions);
  const [catalogue, setCatalogue] = useState<RouteCatalogue | null>(null);
  const [generating, setGenerating] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [users, setUsers] = useState<UserRecord[] | null>(null);
  const [processes, setProcesses] = useState<ProcessOption[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [user, setUser] = useState<UserRecord | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      // Brings the stored catalogue up to date first (this user holds the Permission permission).
      const synced = await syncRouteCatalogue(sessionPermissions);
      const stored = synced.length > 0 ? synced : await getRouteCatalogue().catch(() => []);
      if (live) setCatalogue(stored);
    })();
    getProcessOptions()
      .then((options) => live && setProcesses(options))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sessionPermissions]);

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

  const tree = useMemo(() => catalogueTree(catalogue ?? [], i18n.language), [catalogue, i18n.language]);
  const selection = useMemo(() => selectionOf(tree, draft?.permissions ?? []), [tree, draft]);

  const generate = async () => {
    setGenerating(true);
    try {
      const own = buildRouteCatalogue();
      await generateRouteCatalogue(own);
      setCatalogue(await getRouteCatalogue().catch(() => own));
      notifySuccess(t('page.generated'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') notifyError(failure.message);
    } finally {
      setGenerating(false);
    }
  };

  const save = async () => {
    if (!user || !draft) return;
    setSaving(true);
    setNotice(null);
    try {
      // Names the catalogue does not offer stay as they are.
      const permissions = [...permissionsOf(selection), ...unlistedPermissions(catalogue ?? [], draft.permissions)];
      const saved = await updateUserPermission({ id: user.id, version: user.version, ...draft, permissions });
      notifySuccess(t('page.saved'));
      if (saved && typeof saved === 'object' && 'version' in saved) {
        setUser(saved);
        setDraft(draftOf(saved));
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

  const processOptions = processes.map((process) => ({ value: process.id, label: process.code ? `${process.code} · ${process.name}` : process.name }));

  return (
    <div className="page permission-page">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
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
              <section className="permission-section">
                <h3>{t('page.screens')}</h3>
                <small className="field-hint">{t('page.screensHint')}</small>
                {catalogue === null ? (
                  <Skeleton height="8rem" />
                ) : catalogue.length === 0 ? (
                  <div className="permission-generate">
                    <Message severity="info" text={t('page.emptyCatalogue')} />
                    <Button type="button" label={t('page.generate')} icon="pi pi-sync" outlined loading={generating} onClick={() => void generate()} />
                  </div>
                ) : (
                  <>
                    <Tree
                      value={tree}
                      selectionMode="checkbox"
                      selectionKeys={selection}
                      onSelectionChange={(event) =>
                        setDraft((current) =>
                          current && {
                            ...current,
                            permissions: [...permissionsOf(event.value as TreeCheckboxSelectionKeys), ...unlistedPermissions(catalogue, current.permissions)],
                          },
                        )
                      }
                      expandedKeys={Object.fromEntries(tree.filter((node) => node.children).map((node) => [String(node.key), true]))}
                      className="permission-tree"
                      aria-label={t('page.screens')}
                    />
                    <small className="muted">{t('page.selectedCount', { count: permissionsOf(selection).length })}</small>
                  </>
                )}
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
    </div>
  );
}
