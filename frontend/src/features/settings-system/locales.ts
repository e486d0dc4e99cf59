// Texts of the settings-system feature (namespace 'settingsSystem'), zh-CN and en. `en` is
// typed after `zhCN`, so a missing or extra key fails to compile.
const zhCN = {
  routes: { index: '系统设置' },
  page: {
    title: '系统设置',
    subtitle: '生产扫描的规则。修改后立即对所有扫描工位生效。',
    production: '生产扫描规则',
    scanInOrder: '按工序顺序扫描',
    scanInOrderHint: '开启后，一道工序的完成数不能超过工艺路线上前一道工序的完成数；否则扫描被拒绝，提示“上道工序未完成”。关闭后各工序可以独立报数。',
    overProductionPercent: '超产容差',
    overProductionPercentHint: '每道工序允许超出计划数量的百分比（0–100）。例如计划 1000 件、容差 5%，该工序最多可报 1050 件。',
    refuseFlaggedOrders: '拒绝异常单的扫描',
    refuseFlaggedOrdersHint: '未审核或未上传生产单据的订单为异常单。开启后拒绝这类订单的扫描；关闭时照常记录，但在进度中标记为异常。',
    percentSuffix: ' %',
    saved: '设置已保存',
    unchanged: '没有需要保存的修改',
    loadFailed: '设置加载失败',
    invalidPercent: '超产容差须为 0 到 100 之间的整数',
  },
  systemTitle: {
    title: '系统名称',
    hint: '显示在浏览器标签、菜单顶部、登录页和看板上。每种语言一个名称。',
    zhCN: '中文名称',
    en: '英文名称',
    required: '请填写名称（最多 40 个字）',
    save: '保存名称',
    saved: '系统名称已保存',
  },
};

const en: typeof zhCN = {
  routes: { index: 'System settings' },
  page: {
    title: 'System settings',
    subtitle: 'The rules scans are checked by. Changes apply to every scan station at once.',
    production: 'Production scanning',
    scanInOrder: 'Scan in process order',
    scanInOrderHint:
      'When on, a process cannot have more pieces done than the previous process of the route; such a scan is refused with “previous process not finished”. When off, each process is counted on its own.',
    overProductionPercent: 'Over-production tolerance',
    overProductionPercentHint: 'How far above the planned quantity a process may go, in percent (0–100). With 1,000 planned and 5 %, the process takes at most 1,050 pieces.',
    refuseFlaggedOrders: 'Refuse scans of flagged orders',
    refuseFlaggedOrdersHint: 'An order is flagged while it is not reviewed or has no production document. When on, its scans are refused; when off, they are recorded and marked as flagged.',
    percentSuffix: ' %',
    saved: 'Settings saved',
    unchanged: 'Nothing to save',
    loadFailed: 'The settings could not be loaded',
    invalidPercent: 'The tolerance must be a whole number from 0 to 100',
  },
  systemTitle: {
    title: 'System name',
    hint: 'Shown in browser tabs, at the top of the menu, on the login page and on boards. One name per language.',
    zhCN: 'Chinese name',
    en: 'English name',
    required: 'Enter a name (at most 40 characters)',
    save: 'Save names',
    saved: 'System name saved',
  },
};

export const settingsSystemLocales = { 'zh-CN': zhCN, en };
