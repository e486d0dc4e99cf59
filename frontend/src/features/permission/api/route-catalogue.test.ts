import type { RouteCatalogue } from '@contracts/users';
import { installFakeApi } from '../../../../test-support/fake-api';
import { buildRouteCatalogue, sameCatalogue, syncRouteCatalogue } from './route-catalogue';

/** The catalogue as the server hands it back: jsonb orders object keys by length ({en, zh-CN}). */
const asStored = (catalogue: RouteCatalogue): RouteCatalogue =>
  catalogue.map(({ name, group, title, groupTitle }) => ({
    name,
    group,
    title: { en: title.en, 'zh-CN': title['zh-CN'] },
    ...(groupTitle ? { groupTitle: { en: groupTitle.en, 'zh-CN': groupTitle['zh-CN'] } } : {}),
  }));

describe('route catalogue sync', () => {
  it('does not post a stored catalogue that differs only in key order', async () => {
    const stored = asStored(buildRouteCatalogue());
    expect(JSON.stringify(stored)).not.toBe(JSON.stringify(buildRouteCatalogue()));
    const api = installFakeApi({
      'GET /admin/setting/getRouteCatalogue': { data: stored },
      'POST /admin/setting/generateRoute': { data: stored },
    });
    await syncRouteCatalogue(['Home', 'Permission']);
    expect(api.requests.map((request) => `${request.method?.toUpperCase()} ${request.url}`)).toEqual(['GET /admin/setting/getRouteCatalogue']);
  });

  it('still sees a real change: a title, a group, an entry or a group title', () => {
    const own = buildRouteCatalogue();
    const goods = own.findIndex((entry) => entry.name === 'Goods');
    const changed = (change: Partial<RouteCatalogue[number]>) => own.map((entry, index) => (index === goods ? { ...entry, ...change } : entry));
    expect(sameCatalogue(asStored(own), own)).toBe(true);
    expect(sameCatalogue(changed({ title: { en: 'Goods', 'zh-CN': '货品' } }), own)).toBe(false);
    expect(sameCatalogue(changed({ group: 'other' }), own)).toBe(false);
    expect(sameCatalogue(changed({ groupTitle: undefined }), own)).toBe(false);
    expect(sameCatalogue(own.slice(1), own)).toBe(false);
    expect(sameCatalogue([...own].reverse(), own)).toBe(false);
  });
});
