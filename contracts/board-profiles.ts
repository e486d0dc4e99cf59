// Kiosk TVs and board profiles (issue 13 item 6): named board settings an administrator pairs
// TVs to. A paired TV runs on its own device key (no user session, no expiry) until revoked.
import type { BoardDisplayMode, BoardSortOption, RefreshType } from './api.js';

/** What a profile decides about a board; everything else (density, completed days) stays the dashboard settings'. */
export interface BoardProfileFields {
  name: string;
  /** Process columns shown (and only orders routed through one of them); empty = every process. */
  processIds: number[];
  /** Customers whose orders are shown; empty = every customer. */
  customerIds: number[];
  displayMode: BoardDisplayMode;
  /** Presentation: 0 whole page, 1 scrolling, 2 drop-down (the spec's refreshType). */
  refreshType: RefreshType;
  /** Seconds between page flips / scroll steps. */
  refreshInterval: number;
  sortBy: BoardSortOption;
}

export interface BoardProfile extends BoardProfileFields {
  id: number;
  /** Paired devices (revoked ones not counted). */
  deviceCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface BoardDevice {
  id: number;
  name: string;
  /** null = the default profile (the dashboard settings, as every unpaired board shows). */
  profileId: number | null;
  profileName: string | null;
  createdAt: string;
  /** Updated at most once a minute per device, when it connects or reads the board. */
  lastSeenAt: string | null;
  revokedAt: string | null;
}

/** The answer to a pairing: the only time the device key (and the link with it) is shown. */
export interface PairedDevice {
  device: BoardDevice;
  deviceKey: string;
  /** Path the TV opens once (the frontend prefixes its origin): /kiosk?device=<key>. */
  path: string;
}

/** The path of the kiosk board; the key in the query is moved to localStorage at first open. */
export const KIOSK_PATH = '/kiosk';
export const KIOSK_KEY_PARAM = 'device';
/** Request header that carries a device key to the board's read endpoints. */
export const DEVICE_KEY_HEADER = 'deviceKey';

/** boardProfile.changed: a profile was created, changed or deleted (its devices moved to the default). */
export interface BoardProfileChanged {
  id: number;
  action: 'created' | 'updated' | 'deleted';
}

/** boardDevice.revoked: that device's sockets are closed on every instance; its key no longer works. */
export interface BoardDeviceRevoked {
  id: number;
}
