import { ROUTES } from '../../config/paths';
import { breadcrumbOf, buildMenu } from './menu';

describe('buildMenu', () => {
  it('lists only permitted screens, grouped', () => {
    expect(buildMenu(['Home', 'SettingDashboard']).map((entry) => (entry.kind === 'item' ? entry.route.name : `${entry.group.key}:${entry.routes.map((r) => r.name).join(',')}`))).toEqual([
      'HomeIndex',
      'setting:SettingDashboard',
    ]);
  });

  it('drops a group whose screens are all forbidden', () => {
    const menu = buildMenu(['Home']);
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ kind: 'item', route: { name: 'HomeIndex' } });
  });

  it('never lists the login, 404 or blank routes', () => {
    const names = buildMenu(['Home', 'SettingDashboard', 'Login', 'Error', 'Blank']).flatMap((entry) =>
      entry.kind === 'item' ? [entry.route.name] : entry.routes.map((route) => route.name),
    );
    expect(names).not.toEqual(expect.arrayContaining(['Login']));
    expect(names).not.toContain('Error');
    expect(names).not.toContain('Blank');
  });
});

describe('breadcrumbOf', () => {
  it('puts the group before the screen', () => {
    const route = ROUTES.find((candidate) => candidate.name === 'SettingDashboard');
    expect(breadcrumbOf(route)).toEqual([{ titleKey: 'common:menu.setting' }, { titleKey: 'common:routes.settingDashboard', path: '/setting/dashboard' }]);
  });
});
