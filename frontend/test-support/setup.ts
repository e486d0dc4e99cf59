import '@testing-library/jest-dom';
import { i18nResources } from '../src/app/i18n-resources';
import { initI18n } from '../src/lib/i18n';

// jsdom lacks matchMedia, which PrimeReact's overlays query.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Every test starts in the default language with its texts loaded.
initI18n(i18nResources, 'zh-CN');

// jsdom does not scroll; the router scrolls to the top on every route change.
window.scrollTo = () => undefined;
