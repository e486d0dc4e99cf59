import { bundlesLocales } from '../features/bundles/locales';
import { cuttingLocales } from '../features/cutting/locales';
import { i18nResources } from './i18n-resources';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('has the same keys in zh-CN and en, none empty', () => {
    const zh = keysOf(i18nResources['zh-CN']).sort();
    expect(keysOf(i18nResources.en).sort()).toEqual(zh);
    for (const language of ['zh-CN', 'en'] as const) {
      const empty = keysOf(i18nResources[language]).filter((key) => {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], i18nResources[language]);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('the texts screens load with their code have the same keys in zh-CN and en, none empty', () => {
    for (const locales of [cuttingLocales, bundlesLocales]) {
      const zh = keysOf(locales['zh-CN']).sort();
      expect(keysOf(locales.en).sort()).toEqual(zh);
      for (const language of ['zh-CN', 'en'] as const) {
        const texts = locales[language] as Record<string, unknown>;
        const empty = keysOf(texts).filter((key) => {
          const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(empty).toEqual([]);
      }
    }
  });
});
