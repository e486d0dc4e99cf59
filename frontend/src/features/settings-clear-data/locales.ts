// Texts of the clear-data screen (namespace 'clearData'), zh-CN and en. `en` is typed after
// `zhCN`, so a missing or extra key fails to compile.
const zhCN = {
  routes: { index: '清理数据' },
  page: {
    title: '清理数据',
    subtitle: '释放磁盘空间，或为新的开始清空业务数据。每次清理都会记入审计日志，所有打开的看板、排程和控制台会立即重新加载。',
  },
  documents: {
    title: '清理生产单据',
    hint: '删除在所选日期之前已完成（或已隐藏）的生产单的单据文件。订单本身和进度保留。',
    before: '完成或隐藏早于',
    preview: '预览',
    previewResult: '将删除 {{orders}} 个订单的 {{files}} 个文件，共 {{size}}。',
    nothing: '没有符合条件的单据文件。',
    clear: '删除这些文件',
    confirmTitle: '删除生产单据',
    confirmMessage: '确定删除 {{orders}} 个订单的 {{files}} 个单据文件（{{size}}）吗？此操作不能撤销。',
    accept: '删除',
    reject: '取消',
    done: '已删除 {{files}} 个文件（{{size}}）',
    chooseDate: '请选择日期',
  },
  all: {
    title: '清空全部业务数据',
    hint: '为新的开始清空业务数据。此操作不能撤销：请先在系统设置中下载备份。',
    removed: '将删除',
    removedList: '销售订单及明细、生产单及其工序和单据（单据文件在一天内自动删除）、扫描记录、工资汇总、延期提醒和通知、订单关注、实时事件记录',
    kept: '将保留',
    keptList: '基础资料（客户、款式、颜色、尺码、工序等）及其图片、用户和角色、系统设置、审计日志',
    typeTitle: '请输入系统名称「{{title}}」以确认',
    typeTitleLabel: '系统名称',
    clear: '清空全部业务数据',
    done: '已清空：销售订单 {{saleOrders}} 个，生产单 {{productionOrders}} 个，扫描记录 {{scans}} 条，事件 {{events}} 条',
    result: '上次清空删除了：销售订单 {{saleOrders}} 个，生产单 {{productionOrders}} 个，扫描记录 {{scans}} 条，事件 {{events}} 条。',
  },
};

const en: typeof zhCN = {
  routes: { index: 'Clear data' },
  page: {
    title: 'Clear data',
    subtitle: 'Free disk space, or empty the business data for a new start. Every clear goes on the audit trail, and every open board, schedule and console reloads at once.',
  },
  documents: {
    title: 'Clear production documents',
    hint: 'Deletes the document files of production orders completed (or hidden) before the chosen date. The orders and their progress stay.',
    before: 'Completed or hidden before',
    preview: 'Preview',
    previewResult: '{{files}} files of {{orders}} orders will be deleted, {{size}} in all.',
    nothing: 'No document files match.',
    clear: 'Delete these files',
    confirmTitle: 'Delete production documents',
    confirmMessage: 'Delete {{files}} document files of {{orders}} orders ({{size}})? This cannot be undone.',
    accept: 'Delete',
    reject: 'Cancel',
    done: '{{files}} files deleted ({{size}})',
    chooseDate: 'Choose a date',
  },
  all: {
    title: 'Clear all business data',
    hint: 'Empties the business data for a new start. This cannot be undone: download a backup in the system settings first.',
    removed: 'Removed',
    removedList: 'Sales orders and their lines, production orders with their processes and documents (the document files go within a day), scans, pay summaries, delay alerts and notifications, order followers, the live event log',
    kept: 'Kept',
    keptList: 'Base data (customers, styles, colours, sizes, processes…) and their images, users and roles, system settings, the audit trail',
    typeTitle: 'Type the system name “{{title}}” to confirm',
    typeTitleLabel: 'System name',
    clear: 'Clear all business data',
    done: 'Cleared: {{saleOrders}} sales orders, {{productionOrders}} production orders, {{scans}} scans, {{events}} events',
    result: 'The last clear removed {{saleOrders}} sales orders, {{productionOrders}} production orders, {{scans}} scans and {{events}} events.',
  },
};

export const clearDataLocales = { 'zh-CN': zhCN, en };
