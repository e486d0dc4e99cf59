import { PrimeReactProvider } from 'primereact/api';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Router } from 'wouter';
import { AppToast } from '../components/AppToast';
import { AppRoutes } from './AppRoutes';
import { RealtimeConnection } from './RealtimeConnection';
import { RouteCatalogueSync } from './RouteCatalogueSync';

export function App() {
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <Router>
        <RealtimeConnection />
        <RouteCatalogueSync />
        <AppRoutes />
      </Router>
      <AppToast />
      <ConfirmDialog />
    </PrimeReactProvider>
  );
}
