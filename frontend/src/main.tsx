import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-teal/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import { App } from './app/App';
import { i18nResources } from './app/i18n-resources';
import { initI18n } from './lib/i18n';

// Texts must exist before the first render: initialised synchronously from bundled resources.
initI18n(i18nResources);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
