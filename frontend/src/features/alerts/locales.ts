// Texts of the delay alerts (namespace 'alerts'): the top bar's bell and its toasts, zh-CN and
// en. `en` is typed after `zhCN`, so a missing or extra key fails to compile.
const zhCN = {
  bell: '通知',
  bellUnread_one: '通知，{{count}} 条未读',
  bellUnread_other: '通知，{{count}} 条未读',
  title: '延期提醒',
  empty: '暂无通知',
  loadFailed: '通知加载失败，稍后自动重试',
  markAllRead: '全部已读',
  markRead: '标为已读',
  unread: '未读',
  resolved: '已解除',
  openOrder: '查看订单 {{orderNo}} 的生产进度',
  toast: '延期提醒',
  toastMany: '{{count}} 条新的延期提醒',
  kind: {
    stepOverdue: '工序逾期',
    deliveryAtRisk: '交期风险',
  },
  message: {
    stepOverdue: '{{orderNo}}「{{process}}」计划 {{dueDate}} 完成，现 {{done}}/{{planned}}',
    deliveryAtRisk: '{{orderNo}} 按近 {{days}} 天进度预计 {{finish}} 完成，交期 {{delivery}}',
    deliveryStalled: '{{orderNo}} 近 {{days}} 天无进度，交期 {{delivery}} 有风险',
  },
};

const en: typeof zhCN = {
  bell: 'Notifications',
  bellUnread_one: 'Notifications, {{count}} unread',
  bellUnread_other: 'Notifications, {{count}} unread',
  title: 'Delay alerts',
  empty: 'No notifications',
  loadFailed: 'Notifications could not be loaded; retrying later',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  unread: 'Unread',
  resolved: 'Resolved',
  openOrder: 'Open the progress of order {{orderNo}}',
  toast: 'Delay alert',
  toastMany: '{{count}} new delay alerts',
  kind: {
    stepOverdue: 'Step overdue',
    deliveryAtRisk: 'Delivery at risk',
  },
  message: {
    stepOverdue: '{{orderNo}} "{{process}}" was due {{dueDate}}: {{done}}/{{planned}} done',
    deliveryAtRisk: '{{orderNo}} at the last {{days}} days’ pace finishes {{finish}}; delivery {{delivery}}',
    deliveryStalled: '{{orderNo}} had no progress in {{days}} days; delivery {{delivery}} at risk',
  },
};

export const alertsLocales = { 'zh-CN': zhCN, en };
