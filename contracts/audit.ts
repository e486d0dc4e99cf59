// The audit trail (issue 12, /setting/audit): who did what to which record, when, from where,
// and how it ended — the security events and every administrative or destructive action.
// Rows are the table security_event, written by the backend's SecurityLogService.
import { MASTER_DATA, SPECIAL_MASTER_DATA, type Localized } from './master-data.js';

/** Every action name the trail holds (the backend's SecurityAction must equal this list). */
export const AUDIT_ACTIONS = [
  'login',
  'logout',
  'password.change',
  'password.reset',
  'permission.update',
  'user.update',
  'user.disable',
  'user.delete',
  'user.badgeRenew',
  'boardKey.rotate',
  'setting.update',
  'database.backup',
  'database.restore',
  'data.clearDocuments',
  'data.clearAll',
  'record.delete',
  'order.review',
  'order.reviewCancel',
  'order.hide',
  'order.unhide',
  'attachment.upload',
  'attachment.delete',
  'user.avatar',
  'boardDevice.pair',
  'boardDevice.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESULTS = ['success', 'failure', 'refused'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

const l = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

/** The action names as the screen and the export show them. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, Localized> = {
  login: l('登录', 'Sign in'),
  logout: l('退出登录', 'Sign out'),
  'password.change': l('修改密码', 'Password change'),
  'password.reset': l('重置密码', 'Password reset'),
  'permission.update': l('修改权限', 'Permission change'),
  'user.update': l('修改用户', 'User change'),
  'user.disable': l('停用用户', 'User disabled'),
  'user.delete': l('删除用户', 'User deleted'),
  'user.badgeRenew': l('更换工牌', 'Badge renewed'),
  'boardKey.rotate': l('更换看板密钥', 'Board key rotated'),
  'setting.update': l('修改设置', 'Settings change'),
  'database.backup': l('数据库备份', 'Database backup'),
  'database.restore': l('数据库恢复', 'Database restore'),
  'data.clearDocuments': l('清理单据', 'Documents cleared'),
  'data.clearAll': l('清空数据', 'All data cleared'),
  'record.delete': l('删除记录', 'Record deleted'),
  'order.review': l('审核', 'Order reviewed'),
  'order.reviewCancel': l('取消审核', 'Review cancelled'),
  'order.hide': l('隐藏生产单', 'Orders hidden'),
  'order.unhide': l('取消隐藏', 'Orders shown again'),
  'attachment.upload': l('上传附件', 'Attachment uploaded'),
  'attachment.delete': l('删除附件', 'Attachment deleted'),
  'user.avatar': l('更换头像', 'Avatar changed'),
  'boardDevice.pair': l('配对看板电视', 'Board TV paired'),
  'boardDevice.revoke': l('撤销看板电视', 'Board TV revoked'),
};

export const AUDIT_RESULT_LABELS: Record<AuditResult, Localized> = {
  success: l('成功', 'Success'),
  failure: l('失败', 'Failed'),
  refused: l('被拒绝', 'Refused'),
};

/** Kinds of record that are not base data (base data is named by its definition's label). */
const OTHER_TARGETS: Record<string, Localized> = {
  user: l('用户', 'User'),
  role: l('角色', 'Role'),
  company: l('公司信息', 'Company'),
  setting: l('系统设置', 'Settings'),
  database: l('数据库', 'Database'),
  data: l('业务数据', 'Business data'),
  productionOrder: l('生产单', 'Production order'),
  cutLay: l('裁床床次', 'Cut lay'),
  saleOrder: l('销售订单', 'Sales order'),
  attachment: l('附件', 'Attachment'),
  upload: l('图片', 'Image'),
  session: l('会话', 'Session'),
};

/** The kind of a target as a reader calls it; unknown kinds show as stored. */
export function auditTargetTypeLabel(type: string, language: keyof Localized): string {
  if (!type) return '';
  if (Object.hasOwn(OTHER_TARGETS, type)) return OTHER_TARGETS[type][language];
  const definitions: Record<string, { label: Localized }> = { ...MASTER_DATA, ...SPECIAL_MASTER_DATA };
  return Object.hasOwn(definitions, type) ? definitions[type].label[language] : type;
}

/** The target column: its kind and, when there is one, its id (or ids) and name. */
export function auditTargetText(entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetLabel' | 'action'>, language: keyof Localized): string {
  const kind = auditTargetTypeLabel(entry.targetType, language);
  // The interceptor stores the action as the label when it knows no name: not worth repeating.
  const name = entry.targetLabel && entry.targetLabel !== entry.action ? entry.targetLabel : '';
  return [kind, entry.targetId ? `#${entry.targetId}` : '', name].filter(Boolean).join(' ');
}

/** One row of the trail. */
export interface AuditEntry {
  id: number;
  /** ISO instant. */
  at: string;
  actorUserId: number | null;
  actorUsername: string;
  /** The actor's display name now ('' when the account is gone). */
  actorName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  ip: string;
  userAgent: string;
  result: AuditResult;
  detail: Record<string, unknown>;
}

/** GET /admin/setting/audit (and /export, without paging): blank values mean "any". */
export interface AuditQuery {
  page?: number;
  pageSize?: number;
  userId?: number;
  action?: AuditAction;
  /** YYYY-MM-DD, on the server's calendar, both days included. */
  from?: string;
  to?: string;
  result?: AuditResult;
}

export interface AuditPage {
  list: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /admin/setting/audit/users: who the user filter offers (accounts, also disabled). */
export interface AuditUserOption {
  id: number;
  username: string;
  name: string;
}

/** At most this many rows go into one export (more: narrow the filter). */
export const AUDIT_EXPORT_LIMIT = 50_000;
