import { PERMISSION_NAMES } from '@contracts/routes';
import { catalogueTree, permissionsOf, selectionOf, unlistedPermissions } from './permission-tree';
import { buildRouteCatalogue, sameCatalogue } from './route-catalogue';

describe('route catalogue', () => {
  it('names every permission once, grouped like the sidebar, titled in both languages', () => {
    const catalogue = buildRouteCatalogue();
    expect(catalogue.map((entry) => entry.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(catalogue.find((entry) => entry.name === 'Goods')).toEqual({
      name: 'Goods',
      group: 'base',
      title: { 'zh-CN': '商品', en: 'Goods' },
      groupTitle: { 'zh-CN': '基础资料', en: 'Base data' },
    });
    expect(catalogue.find((entry) => entry.name === 'Home')).toMatchObject({ group: '', title: { 'zh-CN': '控制台', en: 'Console' } });
    expect(sameCatalogue(catalogue, buildRouteCatalogue())).toBe(true);
    expect(sameCatalogue(catalogue, catalogue.slice(1))).toBe(false);
  });
});

describe('permission tree', () => {
  const catalogue = buildRouteCatalogue();
  const tree = catalogueTree(catalogue, 'en');

  it('groups screens under their sidebar group', () => {
    expect(tree[0]).toMatchObject({ key: 'Home', label: 'Console' });
    const base = tree.find((node) => node.key === 'group:base');
    expect(base?.label).toBe('Base data');
    expect(base?.children?.map((node) => node.key)).toContain('Goods');
  });

  it('maps permissions to checkbox keys and back, groups partial or full', () => {
    const selection = selectionOf(tree, ['Home', 'Goods']);
    expect(selection['group:base']).toEqual({ checked: false, partialChecked: true });
    expect(permissionsOf(selection).sort()).toEqual(['Goods', 'Home']);
    const setting = tree.find((node) => node.key === 'group:setting')!;
    const all = selectionOf(tree, setting.children!.map((node) => String(node.key)));
    expect(all['group:setting']).toEqual({ checked: true, partialChecked: false });
    expect(unlistedPermissions(catalogue, ['Home', 'RetiredScreen'])).toEqual(['RetiredScreen']);
  });
});
