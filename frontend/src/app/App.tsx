import { lazy, Suspense, use, useState } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { Router, useLocation } from 'wouter';
import { AppToast } from '../components/AppToast';
import { PageLoader } from '../components/PageLoader';
import { paths } from '../config/paths';
import { allTextsLoaded, currentLanguage, loadAllTexts } from '../lib/i18n';
import { PRIME_LOCALE } from '../lib/primereact-locale';
import { useSession } from '../lib/session';
import { AppRoutes } from './AppRoutes';

// What only a signed-in user needs loads after sign-in, so the login page and the boards opened
// by key do not download it (issue 10, fast first load): the socket client, the route-catalogue
// sync and the confirmation dialog.
const RealtimeConnection = lazy(() => import('./RealtimeConnection').then((module) => ({ default: module.RealtimeConnection })));
const RouteCatalogueSync = lazy(() => import('./RouteCatalogueSync').then((module) => ({ default: module.RouteCatalogueSync })));
const ConfirmDialog = lazy(() => import('primereact/confirmdialog').then((module) => ({ default: module.ConfirmDialog })));

/** True from the first signed-in render on: the services stay mounted and handle logout themselves. */
function useSignedInOnce(): boolean {
  const signedIn = useSession((session) => Boolean(session.token));
  const [once, setOnce] = useState(signedIn);
  if (signedIn && !once) setOnce(true);
  return signedIn || once;
}

/** Every screen but the login page may use any namespace (menus, breadcrumbs name all routes). */
export function needsAllTexts(pathname: string): boolean {
  return pathname !== paths.login;
}

/**
 * Suspends until every namespace is loaded, on any screen but the login page. It comes after
 * AppRoutes in the same Suspense boundary, so the screen's own chunk is already requested while
 * the texts download (no waterfall).
 */
function AllTextsGate() {
  const [location] = useLocation();
  if (needsAllTexts(location) && !allTextsLoaded()) use(loadAllTexts());
  return null;
}

/**
 * PrimeReact defaults every screen inherits (issue 10, accessibility):
 * - dropdowns render a hidden native <select> (for forms) and a clickable chevron with
 *   role=button but no name: keyboard users never reach either (they work the named combobox
 *   input), so both are hidden from screen readers too (axe: select-name, aria-command-name);
 * - the breadcrumb's chevrons are <li role="separator"> inside its <ol>, which makes the list
 *   invalid (axe: list): they stay list items, hidden as the decoration they are.
 */
const PRIME_DEFAULTS = {
  ripple: true,
  pt: {
    dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } },
    breadcrumb: { separator: { role: 'listitem', 'aria-hidden': true } },
  },
};

export function App() {
  const signedInServices = useSignedInOnce();
  return (
    <PrimeReactProvider value={{ ...PRIME_DEFAULTS, locale: PRIME_LOCALE[currentLanguage()] }}>
      <Router>
        {signedInServices && (
          <Suspense fallback={null}>
            <RealtimeConnection />
            <RouteCatalogueSync />
          </Suspense>
        )}
        <Suspense fallback={<PageLoader />}>
          <AppRoutes />
          <AllTextsGate />
        </Suspense>
      </Router>
      <AppToast />
      {signedInServices && (
        <Suspense fallback={null}>
          <ConfirmDialog />
        </Suspense>
      )}
    </PrimeReactProvider>
  );
}
