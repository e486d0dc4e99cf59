// Shapes of the HTTP API shared by the backend and the frontend. One source: the backend's DTOs
// implement these, the frontend's fetchers return them.

/** Every response body, success or error. `code` 200 is success; errors carry the HTTP status. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;
export const UNAUTHORIZED_CODE = 401;

export interface LoginResult {
  token: string;
  /** Ids of the processes the user may execute (scan), `;`-separated as in the original API. */
  processList: string;
  /** Route names the user may open, `;`-separated. Never empty: such a login is refused. */
  permission: string;
  /** The password was set by someone else (admin reset or new account): until it is changed
   * (POST /admin/user/changePassword) every other endpoint but logout and user/info answers 403. */
  mustChangePassword: boolean;
  /** The password is a published built-in default (the try-out's admin123, demo accounts). */
  passwordIsDefault: boolean;
}

/** POST /api/admin/user/changePassword (any logged-in user): the user's other sessions end. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export interface UserInfo {
  id: number;
  username: string;
  name: string;
  avatar: string;
  /** See LoginResult. */
  mustChangePassword: boolean;
  passwordIsDefault: boolean;
}

export interface Department {
  id: number;
  code: string;
  name: string;
}

/** 0 = whole page, 1 = scrolling, anything else = drop-down (PRODUCT.md §5). */
export type RefreshType = number;
/** The values a settings change may store: one per board (older rows may hold another "other"). */
export const REFRESH_TYPES = [0, 1, 2] as const;
/** Seconds between a board's page flips / scroll steps: the server's bounds, which the forms keep to. */
export const REFRESH_INTERVAL_SECONDS = { min: 3, max: 3600 } as const;

export const BOARD_DISPLAY_MODES = ['month', 'year', 'completion', 'date', 'orderNumber', 'delivery'] as const;
export type BoardDisplayMode = (typeof BOARD_DISPLAY_MODES)[number];

export const BOARD_SORT_OPTIONS = ['deliveryAsc', 'deliveryDesc', 'orderDateAsc', 'orderDateDesc', 'orderNumberAsc', 'finishRateAsc', 'finishRateDesc'] as const;
export type BoardSortOption = (typeof BOARD_SORT_OPTIONS)[number];

/**
 * Rows per TV screen. 'default' keeps the per-process number at ≥ 3 % of the screen height
 * (readable across a workshop from a 1080p or 4K TV); 'comfortable' is larger and 'dense'
 * smaller (more rows per page, for a screen watched from close by).
 */
export const BOARD_DENSITIES = ['comfortable', 'default', 'dense'] as const;
export type BoardDensity = (typeof BOARD_DENSITIES)[number];
/** At most this many process or customer ids in a board filter. */
export const BOARD_FILTER_MAX_IDS = 200;

export interface DashboardSettings {
  refreshType: RefreshType;
  /** Seconds between page flips (whole-page) or per scroll cycle step; data itself is pushed. */
  refreshInterval: number;
  /** Days a completed order stays on the boards after completion. */
  completedVisibleDays: number;
  displayMode: BoardDisplayMode;
  sortBy: BoardSortOption;
  /** Whether the public mobile board may be opened with the board key. */
  boardKeyEnabled: boolean;
  /** How many rows a TV board shows per screen (missing: 'default'). */
  density?: BoardDensity;
  /** The process columns the boards show, in flow order; empty or missing: every process. */
  processIds?: number[];
  /** The customers whose orders the boards show; empty or missing: every customer. */
  customerIds?: number[];
  /**
   * Work in progress in the process cells: the pieces the previous process of the order's route
   * has done and this one has not yet (waiting here). Missing: off.
   */
  showWip?: boolean;
}

/** What getDashboardSetting returns to a user allowed to edit board settings. */
export interface DashboardSettingsView extends DashboardSettings {
  /** Present only for users with the SettingDashboard permission. */
  boardKey?: string;
}

export interface HealthStatus {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  /** 'down' makes the status 'degraded' (still 200): live updates stay on each instance meanwhile. */
  redis: 'up' | 'down' | 'disabled';
  realtime: 'local' | 'redis';
  uptimeSeconds: number;
}
