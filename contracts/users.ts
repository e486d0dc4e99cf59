// Users and permissions (PRODUCT.md §4; issue "base data" item 2).
import type { Localized, MasterDataDefinition } from './master-data.js';

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
  /**
   * The worker badge's code (list and detail, for holders of `User`): the badge QR holds
   * `SBW1:<badgeCode>` (contracts/appraisal.ts). POST /api/admin/user/:id/badge renews it.
   */
  badgeCode?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * POST /api/admin/user/create: username, nickname, password (8–64 chars, not a common one, required), mobile,
 * phone, email, position, department (id), enabled. POST update: id, version and any of those
 * but password (use resetPassword: id, password). Passwords are never returned.
 * POST updatePermission: id, version, permissions, processIds, attachmentProcessIds — each a
 * comma-separated list ("Home,Goods", "1,3"); omitted lists keep their value.
 */
export const USER_DEFINITION: MasterDataDefinition = {
  name: 'user',
  routeName: 'User',
  label: { 'zh-CN': '用户', en: 'User' },
  fields: {
    username: { kind: 'code', label: { 'zh-CN': '用户名', en: 'Username' }, required: true, maxLength: 64, unique: true, search: true, filter: true },
    nickname: { kind: 'text', label: { 'zh-CN': '姓名', en: 'Name' }, required: true, maxLength: 64, search: true, filter: true },
    mobile: { kind: 'phone', label: { 'zh-CN': '手机', en: 'Mobile' }, maxLength: 32, search: true },
    phone: { kind: 'phone', label: { 'zh-CN': '电话', en: 'Phone' }, maxLength: 32 },
    email: { kind: 'email', label: { 'zh-CN': '邮箱', en: 'Email' }, maxLength: 128 },
    position: { kind: 'text', label: { 'zh-CN': '职位', en: 'Position' }, maxLength: 64, filter: true },
    department: { kind: 'reference', reference: 'department', label: { 'zh-CN': '部门', en: 'Department' }, filter: true },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', en: 'Enabled' }, filter: true, defaultValue: true },
  },
  defaultSort: { field: 'username', order: 'asc' },
};

/** Password rules, the same on both sides (the server also refuses common passwords). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

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

// ——— Roles (issue 10, item 3) ———

/**
 * A named permission set (merchandiser, production manager, …) given to users. A user's
 * effective permissions are the union of their roles' permissions and their extra pages
 * (`UserRecord.permissions`). Only holders of PERMISSION_ADMIN manage roles and assign them.
 *
 * GET /api/admin/role/list → RoleRecord[]; POST create (name, description?, permissions),
 * update (id, version, name?, description?, permissions?), delete (id) — all permission
 * `Permission`. A role still held by users cannot be deleted (409 roleInUse names them).
 * POST /api/admin/user/updatePermission takes `roleIds` ("1,3") beside `permissions`.
 */
export interface RoleRecord {
  id: number;
  version: number;
  name: string;
  description: string;
  /** Permission names (route names less Index/Create/Update). */
  permissions: string[];
  /** How many users hold it. */
  userCount: number;
  createdAt: string;
  updatedAt: string;
}

export const ROLE_NAME_MAX_LENGTH = 64;
export const ROLE_DESCRIPTION_MAX_LENGTH = 255;

/** What a user record says about roles (GET user/detail and updatePermission answer these too). */
export interface UserRoleFields {
  roleIds: number[];
  /** Roles ∪ extra pages, sorted: what the user may open now. */
  effectivePermissions: string[];
}

/**
 * GET /api/admin/user/access (any session): the caller's effective access as it is in the
 * database now, in the login response's format. Screens call it when the server pushes
 * `user.accessChanged`, so menus follow a change without a new login.
 */
export interface SessionAccess {
  userId: number;
  /** Effective permission names joined by `;` (as `LoginResult.permission`). */
  permission: string;
  /** Process ids joined by `;` (as `LoginResult.processList`). */
  processList: string;
  roles: { id: number; name: string }[];
}

/** The union of roles' permissions and extra pages, sorted and without repeats. */
export function effectivePermissionsOf(roles: readonly { permissions: readonly string[] }[], extraPages: readonly string[]): string[] {
  return [...new Set([...extraPages, ...roles.flatMap((role) => role.permissions)])].sort();
}
