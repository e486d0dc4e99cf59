// What the three TV boards share: the board data of the signed-in session, following the
// refreshType to another board the moment the settings change it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { RefreshMode } from '../../../lib/board-vocabulary';
import { useBoardController, useBoardState, type BoardController } from '../api/board-store';
import { boardModeOfPath, boardPathFor } from '../model/board-model';
import type { BoardSource } from '../api/board-api';

const SESSION: BoardSource = { kind: 'session' };

/**
 * Per controller: the board path this TV is on its way to because it followed a change. The
 * board mounted there reconciles with the LATEST change (one may have arrived while its lazy
 * chunk loaded, when no board was mounted to hear it); a board opened directly does not.
 */
const following = new WeakMap<BoardController, string>();

export function useTvBoard(mode: RefreshMode): BoardController {
  const controller = useBoardController(SESSION)!;
  useFollowRefreshType(controller, mode);
  return controller;
}

/**
 * Moves a TV board to the board of the latest announced refreshType. The desired presentation is
 * the store's latest `modeChange` (set however it arrived: before the first snapshot, or while
 * another board's chunk loads); this hook reconciles the shown board with it on every change and
 * on mount after a follow, so the latest desired presentation wins whatever the order.
 */
export function useFollowRefreshType(controller: BoardController, mode: RefreshMode): void {
  const modeChange = useBoardState(controller, (state) => state.modeChange, null);
  const [location, navigate] = useLocation();
  // A change announced before this board opened (the store outlives a board) is not followed —
  // unless this board was opened by following a change (then the latest one applies).
  const seenAtMount = useRef(modeChange);

  useEffect(() => {
    if (!modeChange) return;
    const arrivedByFollow = following.get(controller) === location;
    if (modeChange === seenAtMount.current && !arrivedByFollow) return;
    // Only a board shown at its own path moves (a board embedded elsewhere does not navigate).
    if (boardModeOfPath(location) !== mode) return;
    const target = boardPathFor(modeChange.refreshType);
    if (boardModeOfPath(target) === mode) {
      following.delete(controller);
      return;
    }
    following.set(controller, target);
    navigate(target, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new change (or this mount) reconciles
  }, [modeChange]);
}
