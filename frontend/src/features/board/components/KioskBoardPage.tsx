// /kiosk: a paired TV (board profiles, issue 13). Opened once with ?device=<key> from the link or
// QR code an administrator got when pairing; the key then lives in localStorage and leaves the
// address bar, and the TV runs on it from then on: no user session, nothing expires. The board's
// presentation (whole page, scrolling, drop-down) is its profile's and switches live, without a
// reload, when the profile changes. A revoked TV says it is unpaired.
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PRODUCTION_PATHS, type RouteScreenProps } from '../../../config/paths';
import { refreshModeOf, type RefreshMode } from '../../../lib/board-vocabulary';
import type { BoardSource } from '../api/board-api';
import { readDeviceKey } from '../api/board-key';
import { useBoardController, useBoardState, type BoardController } from '../api/board-store';
import { BoardLanguageSwitch, useBoardLanguage } from './board-language';
import '../board.css';

type Presentation = ComponentType<{ controller: BoardController }>;

// Each presentation is its own chunk, as on the signed-in TV boards.
const PRESENTATIONS: Record<RefreshMode, Presentation> = {
  whole: lazy(async () => ({ default: (await import('./WholeBoardPage')).WholeBoard })),
  scroll: lazy(async () => ({ default: (await import('./ScrollBoardPage')).ScrollBoard })),
  drop: lazy(async () => ({ default: (await import('./DropBoardPage')).DropBoard })),
};

export function KioskBoardPage(_props: RouteScreenProps) {
  useBoardLanguage();
  const search = useSearch();
  const [, navigate] = useLocation();
  // Read once: the key from the link is stored, then the link's query is dropped (below).
  const [key] = useState(() => readDeviceKey(search));
  const source = useMemo<BoardSource | null>(() => (key ? { kind: 'device', key } : null), [key]);
  const controller = useBoardController(source);

  useEffect(() => {
    // The key should not stay on screen (or in the history) for anyone walking by to copy.
    if (new URLSearchParams(search).has('device')) navigate(PRODUCTION_PATHS.kiosk, { replace: true });
  }, [search, navigate]);

  if (!controller) return <Unpaired missing />;
  return <KioskBoard controller={controller} />;
}

/**
 * The presentation follows the snapshot's refreshType: the store keeps the latest one (events and
 * snapshots in seq order), and React renders the latest state — a change arriving while another
 * presentation's chunk loads simply becomes the one rendered when it is ready. The deferred value
 * keeps the current board on screen while the next one's chunk loads.
 */
export function KioskBoard({ controller }: { controller: BoardController }) {
  const { t } = useTranslation('board');
  const refreshType = useBoardState(controller, (state) => state.snapshot?.settings.refreshType ?? null, null);
  const unpaired = useBoardState(controller, (state) => state.error?.kind === 'unauthorized' && state.snapshot === null, false);
  const mode = refreshType === null ? null : refreshModeOf(refreshType);
  const shown = useDeferredValue(mode);

  if (unpaired) return <Unpaired />;
  if (shown === null) {
    return (
      <div className="board-redirect" role="status" data-testid="kiosk-loading">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" />
        <p>{t('kiosk.loading')}</p>
      </div>
    );
  }
  const Board = PRESENTATIONS[shown];
  return (
    <div className="kiosk-board" data-testid="kiosk-board" data-mode={shown}>
      <Suspense
        fallback={
          <div className="board-redirect" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          </div>
        }
      >
        <Board controller={controller} />
      </Suspense>
    </div>
  );
}

function Unpaired({ missing = false }: { missing?: boolean }) {
  const { t } = useTranslation('board');
  return (
    <div className="board-root board-mobile" data-testid="kiosk-unpaired">
      <div className="mobile-key-language">
        <BoardLanguageSwitch compact />
      </div>
      <main>
        <div className="mobile-key" role="alert">
          <i className="pi pi-link" aria-hidden="true" />
          <h1>{t('kiosk.unpairedTitle')}</h1>
          <p>{t(missing ? 'kiosk.missing' : 'kiosk.unpaired')}</p>
        </div>
      </main>
    </div>
  );
}
