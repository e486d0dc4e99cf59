import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { registerNotifier, type Notice } from '../../../lib/notify';
import { installFakeApi } from '../../../../test-support/fake-api';
import { SystemTitleCard } from './SystemTitleCard';

describe('system title card', () => {
  let notices: Notice[];
  beforeEach(() => {
    notices = [];
    registerNotifier((notice) => notices.push(notice));
  });
  afterEach(() => registerNotifier(null));

  it('edits the title per language and sends both', async () => {
    const api = installFakeApi({
      'GET /admin/setting/getSystemTitles': { data: { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' } },
      'GET /admin/setting/getSystemTitle': { data: 'x' },
      'POST /admin/setting/updateSystemTitle': (config) => ({ data: Object.fromEntries(new URLSearchParams(String(config.data))) }),
    });
    render(<SystemTitleCard />);
    const english = await screen.findByLabelText('英文名称');
    expect(english).toHaveValue('Order Tracking System');
    fireEvent.change(english, { target: { value: 'Riverside Garments' } });
    fireEvent.click(screen.getByRole('button', { name: '保存名称' }));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '系统名称已保存' })));
    expect(Object.fromEntries(api.bodiesOf('/admin/setting/updateSystemTitle')[0])).toEqual({ 'zh-CN': '订单跟踪系统', en: 'Riverside Garments' });
  });

  it('refuses an empty name without sending it', async () => {
    const api = installFakeApi({ 'GET /admin/setting/getSystemTitles': { data: { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' } } });
    render(<SystemTitleCard />);
    fireEvent.change(await screen.findByLabelText('中文名称'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存名称' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写名称');
    expect(api.bodiesOf('/admin/setting/updateSystemTitle')).toHaveLength(0);
  });
});
