import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-teal/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import './styles/contrast.css';
import { App, needsAllTexts } from './app/App';
import { coreI18nResources, loadAllI18nResources } from './app/i18n-core-resources';
import { initI18n, loadAllTexts } from './lib/i18n';
import { loadPublicSettings } from './lib/system-title';

// Texts must exist before the first render: the login page's namespaces are bundled and
// initialised synchronously; the others download in parallel with the first screen's code when
// that screen is not the login page (App waits for them there).
initI18n(coreI18nResources, undefined, loadAllI18nResources);
if (needsAllTexts(window.location.pathname)) void loadAllTexts().catch(() => undefined);
// The titles, the boards' logo and the default language of a browser without a saved choice.
void loadPublicSettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
