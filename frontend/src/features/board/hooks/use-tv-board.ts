// What the three TV boards share: the board data of the signed-in session, following the
// refreshType to another board the moment the settings change it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { RefreshMode } from '../../../lib/board-vocabulary';
import { useBoardController, useBoardState, type BoardController } from '../api/board-store';
import { boardModeOfPath, boardPathFor } from '../model/board-model';
import type { BoardSource } from '../api/board-api';

const SESSION: BoardSource = { kind: 'session' };

export function useTvBoard(mode: RefreshMode): BoardController {
  const controller = useBoardController(SESSION)!;
  const modeChange = useBoardState(controller, (state) => state.modeChange, null);
  const [location, navigate] = useLocation();
  // A change announced before this board opened (the store outlives a board) is not followed.
  const seenAtMount = useRef(modeChange);

  useEffect(() => {
    if (!modeChange || modeChange === seenAtMount.current) return;
    const target = boardPathFor(modeChange.refreshType);
    // Only a change seen while this board is open moves it; opening a board directly is allowed.
    if (boardModeOfPath(target) !== mode && boardModeOfPath(location) === mode) navigate(target, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new change moves the board
  }, [modeChange]);

  return controller;
}
