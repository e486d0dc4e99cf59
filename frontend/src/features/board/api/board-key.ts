// The public board's key: from `?key=` (the link the administrator hands out), remembered in
// localStorage so the phone's home-screen shortcut keeps working without the query.
export const BOARD_KEY_STORAGE = 'stitchboard.boardKey';

export function readBoardKey(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): string | null {
  const fromUrl = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('key')?.trim();
  if (fromUrl) {
    try {
      storage?.setItem(BOARD_KEY_STORAGE, fromUrl);
    } catch {
      // Storage can be full or blocked; the key from the link still works for this visit.
    }
    return fromUrl;
  }
  try {
    return storage?.getItem(BOARD_KEY_STORAGE)?.trim() || null;
  } catch {
    return null;
  }
}

export function rememberBoardKey(key: string, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(BOARD_KEY_STORAGE, key.trim());
  } catch {
    // See above.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// A paired TV's device key (board profiles): from `?device=` once (the pairing link or QR code),
// then from localStorage for good — the TV needs no session and nothing expires.
export const DEVICE_KEY_STORAGE = 'stitchboard.deviceKey';

export function readDeviceKey(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): string | null {
  const fromUrl = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('device')?.trim();
  if (fromUrl) {
    try {
      storage?.setItem(DEVICE_KEY_STORAGE, fromUrl);
    } catch {
      // Storage full or blocked: the key from the link still works until the page is reloaded.
    }
    return fromUrl;
  }
  try {
    return storage?.getItem(DEVICE_KEY_STORAGE)?.trim() || null;
  } catch {
    return null;
  }
}
