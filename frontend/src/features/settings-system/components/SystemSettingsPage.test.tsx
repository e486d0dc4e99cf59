import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminSettingsInit } from '@contracts/admin-settings';
import type { DomainEventEnvelope } from '@contracts/events';
import type { AppRoute } from '../../../config/paths';
import { registerNotifier, type Notice } from '../../../lib/notify';
import type { RoomSubscriptionHandlers } from '../../../lib/socket';
import { installFakeApi, type FakeRoutes } from '../../../../test-support/fake-api';
import { useAdminSettings } from '../api/admin-settings';
import { settingsSystemLocales } from '../locales';
import { SystemSettingsPage } from './SystemSettingsPage';
import { sessionStore } from '../../../lib/session';

const route = { name: 'SettingIndex', path: '/setting/index', titleKey: 'settingsSystem:routes.index', layout: 'main' } as AppRoute;
const production = { scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false, reworkChargeBack: false, bundleStuckHours: 24 };
const upload = { maxBytes: 8 * 1024 * 1024, allowedKinds: ['image', 'pdf'] as ('image' | 'pdf')[], imageQuality: 85, maxDimension: 2000, thumbnailSize: 240 };

function initOf(change: Partial<AdminSettingsInit> = {}): AdminSettingsInit {
  return {
    system: { titles: { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' }, logo: null, defaultLanguage: 'zh-CN' },
    production,
    upload,
    database: {
      engine: 'embedded',
      version: 'PostgreSQL 17.4 on x86_64',
      sizeBytes: 12 * 1024 * 1024,
      migrations: [
        { name: 'Initial1700000000000', appliedAt: null },
        { name: 'Audit1764288000000', appliedAt: null },
      ],
      target: 'embedded (/srv/data)',
      backupSupported: true,
      settings: { auditRetentionDays: 365 },
    },
    ...change,
  };
}

const routes = (init: AdminSettingsInit, extra: FakeRoutes = {}): FakeRoutes => ({
  'GET /admin/setting/init': { data: init },
  'GET /admin/setting/getSystemTitles': { data: init.system.titles },
  ...extra,
});

describe('system settings', () => {
  let notices: Notice[];
  beforeEach(() => {
    notices = [];
    registerNotifier((notice) => notices.push(notice));
    // Backup and restore are offered to holders of the Permission screen only.
    sessionStore.set({ token: 't', permissions: ['Setting', 'Permission'] });
  });
  afterEach(() => registerNotifier(null));

  it('shows every section from one call, with headings and database facts', async () => {
    const api = installFakeApi(routes(initOf()));
    render(<SystemSettingsPage route={route} params={{}} />);
    expect(await screen.findByRole('heading', { level: 2, name: '系统' })).toBeInTheDocument();
    for (const name of ['生产规则', '上传', '图片', '数据库']) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.url === '/admin/setting/init')).toHaveLength(1);
    const database = screen.getByTestId('settings-database');
    expect(within(database).getByText('内置数据库')).toBeInTheDocument();
    expect(within(database).getByText('PostgreSQL 17.4 on x86_64')).toBeInTheDocument();
    expect(within(database).getByText('12.0 MB')).toBeInTheDocument();
    expect(within(database).getByText('embedded (/srv/data)')).toBeInTheDocument();
    expect(within(database).getByText('共 2 个，最新：Audit1764288000000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载备份' })).toBeInTheDocument();
    expect(screen.getByLabelText('单个文件大小上限')).toHaveValue('8192 KB');
    expect(screen.getByRole('checkbox', { name: 'PDF 文档' })).toBeChecked();
    expect(await screen.findByLabelText('英文名称')).toHaveValue('Order Tracking System');
  });

  it('says that a server database is backed up with its own tools', async () => {
    const init = initOf();
    installFakeApi(routes({ ...init, database: { ...init.database, engine: 'server', backupSupported: false, target: 'db:5432/stitch' } }));
    render(<SystemSettingsPage route={route} params={{}} />);
    expect(await screen.findByTestId('backup-server-managed')).toHaveTextContent('pg_dump');
    expect(screen.queryByRole('button', { name: '下载备份' })).not.toBeInTheDocument();
    expect(screen.getByText('PostgreSQL 服务器')).toBeInTheDocument();
  });

  it('saves the production rules alone, sending only what changed', async () => {
    const api = installFakeApi(
      routes(initOf(), {
        'POST /admin/setting/updateProductionSetting': (config) => {
          const body = new URLSearchParams(String(config.data));
          return { data: { ...production, scanInOrder: body.get('scanInOrder') === 'true' } };
        },
      }),
    );
    render(<SystemSettingsPage route={route} params={{}} />);
    const scanInOrder = await screen.findByRole('switch', { name: '按工序顺序扫描' });
    expect(scanInOrder).toBeChecked();
    fireEvent.click(scanInOrder);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '设置已保存' })));
    expect(Object.fromEntries(api.bodiesOf('/admin/setting/updateProductionSetting')[0])).toEqual({ scanInOrder: 'false' });
    expect(screen.getByRole('switch', { name: '按工序顺序扫描' })).not.toBeChecked();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(api.bodiesOf('/admin/setting/updateProductionSetting')).toHaveLength(1);
    expect(notices).toContainEqual(expect.objectContaining({ severity: 'info', detail: '没有需要保存的修改' }));
  });

  it('saves the bundle rules: charge-back switch and stuck hours (1–720), in both languages', async () => {
    const api = installFakeApi(
      routes(initOf(), {
        'POST /admin/setting/updateProductionSetting': (config) => {
          const body = new URLSearchParams(String(config.data));
          return { data: { ...production, reworkChargeBack: body.get('reworkChargeBack') === 'true', bundleStuckHours: Number(body.get('bundleStuckHours') ?? 24) } };
        },
      }),
    );
    render(<SystemSettingsPage route={route} params={{}} />);
    const chargeBack = await screen.findByRole('switch', { name: '质检疵点扣回计件工资' });
    expect(chargeBack).not.toBeChecked();
    const hours = screen.getByLabelText('扎号滞留提醒（小时）');
    expect(hours).toHaveValue('24 小时');
    fireEvent.focus(hours);
    fireEvent.change(hours, { target: { value: '' } });
    fireEvent.blur(hours);
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('须为 1 到 720 之间的整数')).toBeInTheDocument();
    expect(api.bodiesOf('/admin/setting/updateProductionSetting')).toHaveLength(0);

    fireEvent.focus(hours);
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.blur(hours);
    fireEvent.click(chargeBack);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '设置已保存' })));
    expect(Object.fromEntries(api.bodiesOf('/admin/setting/updateProductionSetting')[0])).toEqual({ reworkChargeBack: 'true', bundleStuckHours: '48' });
    expect(settingsSystemLocales.en.page.reworkChargeBack).toBe('Charge QC defects back');
    expect(settingsSystemLocales.en.page.bundleStuckHours).toBeTruthy();
  });

  it('saves upload settings in bytes and refuses an empty list of kinds without sending it', async () => {
    const api = installFakeApi(
      routes(initOf(), {
        'POST /admin/setting/upload_update': (config) => {
          const body = new URLSearchParams(String(config.data));
          return { data: { ...upload, maxBytes: Number(body.get('maxBytes') ?? upload.maxBytes), allowedKinds: (body.get('allowedKinds') ?? 'image,pdf').split(',') } };
        },
      }),
    );
    render(<SystemSettingsPage route={route} params={{}} />);
    const uploads = await screen.findByTestId('settings-uploads');
    fireEvent.click(within(uploads).getByRole('checkbox', { name: /图片/ }));
    fireEvent.click(within(uploads).getByRole('checkbox', { name: 'PDF 文档' }));
    fireEvent.click(screen.getByTestId('uploads-save'));
    expect(await within(uploads).findByRole('alert')).toHaveTextContent('至少选择一种文件类型');
    expect(api.bodiesOf('/admin/setting/upload_update')).toHaveLength(0);

    fireEvent.click(within(uploads).getByRole('checkbox', { name: /图片/ }));
    const size = within(uploads).getByLabelText('单个文件大小上限');
    fireEvent.focus(size);
    fireEvent.change(size, { target: { value: '2048' } });
    fireEvent.blur(size);
    fireEvent.click(screen.getByTestId('uploads-save'));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '上传设置已保存' })));
    expect(Object.fromEntries(api.bodiesOf('/admin/setting/upload_update')[0])).toEqual({ maxBytes: String(2048 * 1024), allowedKinds: 'image' });
  });

  it('shows the server’s refusal under the field it names', async () => {
    installFakeApi(
      routes(initOf(), {
        'POST /admin/setting/updateImageSetting': { status: 400, code: 400, message: '图片质量不能小于 30', data: { errorKey: 'validation', field: 'imageQuality' } },
      }),
    );
    render(<SystemSettingsPage route={route} params={{}} />);
    const images = await screen.findByTestId('settings-images');
    const quality = within(images).getByLabelText('保存质量');
    fireEvent.focus(quality);
    fireEvent.change(quality, { target: { value: '60' } });
    fireEvent.blur(quality);
    fireEvent.click(screen.getByTestId('images-save'));
    expect(await within(images).findByRole('alert')).toHaveTextContent('图片质量不能小于 30');
  });

  it('refuses an empty retention without sending it, then saves the days', async () => {
    const api = installFakeApi(routes(initOf(), { 'POST /admin/setting/database_update': { data: { auditRetentionDays: 90 } } }));
    render(<SystemSettingsPage route={route} params={{}} />);
    const days = await screen.findByRole('spinbutton', { name: '审计日志保留天数' });
    fireEvent.focus(days);
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.blur(days);
    fireEvent.click(screen.getByTestId('database-save'));
    expect(await screen.findByText('请填写此项')).toBeInTheDocument();
    expect(api.bodiesOf('/admin/setting/database_update')).toHaveLength(0);
    fireEvent.focus(days);
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.blur(days);
    fireEvent.click(screen.getByTestId('database-save'));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '保留天数已保存' })));
    expect(Object.fromEntries(api.bodiesOf('/admin/setting/database_update')[0])).toEqual({ auditRetentionDays: '90' });
  });

  it('offers no backup or restore to a settings administrator without the Permission screen', async () => {
    sessionStore.set({ token: 't', permissions: ['Setting'] });
    installFakeApi(routes(initOf()));
    render(<SystemSettingsPage route={route} params={{}} />);
    expect(await screen.findByTestId('backup-admin-only')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-download')).toBeNull();
    expect(screen.queryByTestId('restore-choose')).toBeNull();
  });

  it('asks before a restore and posts the file with confirm=RESTORE', async () => {
    const api = installFakeApi(routes(initOf(), { 'POST /admin/setting/restore': { data: { tables: 30, rows: 1200 } } }));
    render(<SystemSettingsPage route={route} params={{}} />);
    const picker = await screen.findByTestId('restore-file');
    const file = new File(['x'], 'stitchboard-backup-20261124-1600.json.gz', { type: 'application/gzip' });
    fireEvent.change(picker, { target: { files: [file] } });
    expect(await screen.findByText(/stitchboard-backup-20261124-1600\.json\.gz/)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.url === '/admin/setting/restore')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('restore-confirm'));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '已恢复：30 张表，1200 行' })));
    const sent = api.requests.find((request) => request.url === '/admin/setting/restore')!.data as FormData;
    expect(sent.get('confirm')).toBe('RESTORE');
    expect((sent.get('file') as File).name).toBe('stitchboard-backup-20261124-1600.json.gz');
    // Everything is loaded again after the restore.
    await waitFor(() => expect(api.requests.filter((request) => request.url === '/admin/setting/init')).toHaveLength(2));
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    installFakeApi({ 'GET /admin/setting/init': { status: 500, code: 500, message: 'boom' } });
    render(<SystemSettingsPage route={route} params={{}} />);
    expect(await screen.findByText('设置加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('loads again when another administrator saves a section (event in room settings)', async () => {
    let handlers: RoomSubscriptionHandlers | null = null;
    const rooms: string[][] = [];
    const client = {
      subscribe: (joined: string[], given: RoomSubscriptionHandlers) => {
        rooms.push(joined);
        handlers = given;
        return () => undefined;
      },
    };
    let served = initOf();
    installFakeApi({ 'GET /admin/setting/init': () => ({ data: served }) });
    function Probe() {
      const { data } = useAdminSettings(client);
      return <output data-testid="quality">{data?.upload.imageQuality ?? '-'}</output>;
    }
    render(<Probe />);
    await waitFor(() => expect(screen.getByTestId('quality')).toHaveTextContent('85'));
    expect(rooms).toEqual([['settings']]);
    served = initOf({ upload: { ...upload, imageQuality: 60 } });
    const event = { seq: 9, name: 'settings.adminUpdated', rooms: ['settings'], at: new Date().toISOString(), payload: { section: 'upload', upload: served.upload } } as DomainEventEnvelope;
    act(() => handlers!.onEvent(event));
    await waitFor(() => expect(screen.getByTestId('quality')).toHaveTextContent('60'));
  });
});
