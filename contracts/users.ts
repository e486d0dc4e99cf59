// Users and permissions (PRODUCT.md §4; issue "base data" item 2).
import type { Localized } from './master-data.js';

/**
 * GET /api/admin/user/list (same list protocol as master data: page, pageSize, sortField,
 * sortOrder, keyword, filter.<field>), detail?id=, POST create, update, delete, resetPassword,
 * updatePermission. Route names UserIndex / UserCreate / UserUpdate (permission `User`);
 * updatePermission and the catalogue belong to `Permission`.
 */
export interface UserRecord {
  id: number;
  version: number;
  username: string;
  nickname: string;
  mobile: string;
  phone: string;
  email: string;
  position: string;
  department: number | null;
  departmentLabel: string | null;
  enabled: boolean;
  permissions: string[];
  processIds: number[];
  attachmentProcessIds: number[];
  createdAt: string;
  updatedAt: string;
}

/**
 * POST /api/admin/user/create: username, nickname, password (6–64 chars, required), mobile,
 * phone, email, position, department (id), enabled. POST update: id, version and any of those
 * but password (use resetPassword: id, password). Passwords are never returned.
 * POST updatePermission: id, version, permissions, processIds, attachmentProcessIds — each a
 * comma-separated list ("Home,Goods", "1,3"); omitted lists keep their value.
 */
export const USER_LIST_FIELDS = ['username', 'nickname', 'mobile', 'phone', 'email', 'position', 'department', 'enabled'] as const;

/** One screen of the route catalogue, as the frontend's route table describes it. */
export interface RouteCatalogueEntry {
  /** Permission name (route name less Index/Create/Update). */
  name: string;
  /** Sidebar group key, or '' for top level. */
  group: string;
  title: Localized;
  groupTitle?: Localized;
}

/**
 * POST /api/admin/setting/generateRoute (permission `Permission`): `routes` = JSON string of
 * RouteCatalogueEntry[]; stored in the database. GET /api/admin/setting/getRouteCatalogue
 * returns it (what the permission screen offers).
 */
export type RouteCatalogue = RouteCatalogueEntry[];

/** The permission that lets a user change permissions: at least one enabled user keeps it. */
export const PERMISSION_ADMIN = 'Permission';
