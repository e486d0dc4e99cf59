import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { i18nResources } from '../src/app/i18n-resources';
import { initI18n } from '../src/lib/i18n';

// findBy…/waitFor give up after 1 s by default: a first render that lazy-loads PrimeReact on a
// busy CI machine (two test runs side by side on two cores) can take longer. A wait only ends
// early when its condition holds, so a longer limit slows no passing test.
configure({ asyncUtilTimeout: 5000 });

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
