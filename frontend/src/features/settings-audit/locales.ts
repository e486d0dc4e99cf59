// Texts of the audit screen (namespace 'settingsAudit'), zh-CN and en. `en` is typed after
// `zhCN`, so a missing or extra key fails to compile. Action, result and target names come from
// contracts/audit.ts (the export uses the same words).
const zhCN = {
  routes: { index: '审计日志' },
  page: {
    subtitle: '谁在何时从哪里做了什么：登录、权限与密码变更、设置修改、数据清理与恢复、删除、审核、隐藏。',
    total: '共 {{count}} 条',
    empty: '没有符合条件的记录',
    loadFailed: '审计日志加载失败',
    retention: '记录保留天数在“系统设置 → 数据库”中设置。',
    refresh: '刷新',
    any: '全部',
  },
  fields: {
    at: '时间',
    user: '用户',
    action: '操作',
    target: '对象',
    ip: 'IP 地址',
    result: '结果',
    date: '日期',
    userAgent: '浏览器',
    detail: '详情',
  },
  anonymous: '（未登录）',
  deletedUser: '（已删除的用户）',
};

const en: typeof zhCN = {
  routes: { index: 'Audit trail' },
  page: {
    subtitle: 'Who did what, when and from where: sign-ins, permission and password changes, settings, data clearing and restores, deletes, reviews, hides.',
    total: '{{count}} entries',
    empty: 'No entries match',
    loadFailed: 'Could not load the audit trail',
    retention: 'How long entries are kept is set under System settings → Database.',
    refresh: 'Refresh',
    any: 'All',
  },
  fields: {
    at: 'When',
    user: 'User',
    action: 'Action',
    target: 'Target',
    ip: 'IP address',
    result: 'Result',
    date: 'Date',
    userAgent: 'Browser',
    detail: 'Details',
  },
  anonymous: '(not signed in)',
  deletedUser: '(deleted user)',
};

export const settingsAuditLocales = { 'zh-CN': zhCN, en };
