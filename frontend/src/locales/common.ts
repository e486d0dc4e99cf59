// Texts shared by the shell (layout, menu, HTTP errors) and the board vocabulary that more
// than one feature shows. `en` is typed after `zhCN`, so a missing or extra key fails to compile.
const zhCN = {
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    en: 'English',
  },
  menu: {
    base: '基础资料',
    setting: '系统设置',
  },
  routes: {
    home: '首页',
    homeIndex: '控制台',
    settingDashboard: '看板设置',
    login: '登录',
    error: '页面不存在',
  },
  layout: {
    toggleSidebar: '展开/收起菜单',
    closeMenu: '关闭菜单',
    loading: '加载中…',
  },
  http: {
    loginFirst: '请先登录',
    generic: '请求失败，请稍后重试',
    network: '网络异常，无法连接服务器',
    timeout: '请求超时，请稍后重试',
  },
  actions: {
    confirm: '确定',
    cancel: '取消',
    save: '保存',
    reset: '重置',
    retry: '重试',
  },
  live: {
    on: '实时',
    connecting: '正在连接…',
    stale: '连接中断 {{duration}}，数据可能已过时',
    lastEvent: '最近推送 {{time}}',
  },
  board: {
    refreshType: {
      whole: '整页刷新',
      scroll: '滚动刷新',
      drop: '下拉刷新',
    },
    refreshTypeHint: {
      whole: '按页显示，每隔刷新间隔翻页',
      scroll: '行连续向上滚动',
      drop: '最新变动的订单从顶部落入',
    },
    displayMode: {
      month: '按月',
      year: '按年',
      completion: '按完成情况',
      date: '按日期',
      orderNumber: '按订单号',
      delivery: '按交期',
    },
    sortBy: {
      deliveryAsc: '交期从早到晚',
      deliveryDesc: '交期从晚到早',
      orderDateAsc: '下单日期从早到晚',
      orderDateDesc: '下单日期从晚到早',
      orderNumberAsc: '订单号升序',
      finishRateAsc: '完成率从低到高',
      finishRateDesc: '完成率从高到低',
    },
    fields: {
      refreshType: '刷新方式',
      refreshInterval: '刷新间隔',
      completedVisibleDays: '已完成订单显示天数',
      displayMode: '显示内容',
      sortBy: '排序',
      boardKeyEnabled: '手机看板密钥',
      boardKey: '看板密钥',
    },
    seconds: '{{count}} 秒',
    days: '{{count}} 天',
    enabled: '已启用',
    disabled: '已停用',
  },
};

const en: typeof zhCN = {
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    en: 'English',
  },
  menu: {
    base: 'Base data',
    setting: 'Settings',
  },
  routes: {
    home: 'Home',
    homeIndex: 'Console',
    settingDashboard: 'Board settings',
    login: 'Sign in',
    error: 'Page not found',
  },
  layout: {
    toggleSidebar: 'Expand or collapse the menu',
    closeMenu: 'Close the menu',
    loading: 'Loading…',
  },
  http: {
    loginFirst: 'Please log in first',
    generic: 'The request failed, please try again later',
    network: 'Network error: the server cannot be reached',
    timeout: 'The request timed out, please try again later',
  },
  actions: {
    confirm: 'OK',
    cancel: 'Cancel',
    save: 'Save',
    reset: 'Reset',
    retry: 'Retry',
  },
  live: {
    on: 'Live',
    connecting: 'Connecting…',
    stale: 'Offline for {{duration}}: data may be stale',
    lastEvent: 'Last push {{time}}',
  },
  board: {
    refreshType: {
      whole: 'Whole page',
      scroll: 'Scrolling',
      drop: 'Drop-down',
    },
    refreshTypeHint: {
      whole: 'Pages of rows that flip at the refresh interval',
      scroll: 'Rows scroll upwards continuously',
      drop: 'The most recently changed orders drop in at the top',
    },
    displayMode: {
      month: 'By month',
      year: 'By year',
      completion: 'By completion',
      date: 'By date',
      orderNumber: 'By order number',
      delivery: 'By delivery date',
    },
    sortBy: {
      deliveryAsc: 'Delivery date, earliest first',
      deliveryDesc: 'Delivery date, latest first',
      orderDateAsc: 'Order date, earliest first',
      orderDateDesc: 'Order date, latest first',
      orderNumberAsc: 'Order number, ascending',
      finishRateAsc: 'Finish rate, lowest first',
      finishRateDesc: 'Finish rate, highest first',
    },
    fields: {
      refreshType: 'Refresh mode',
      refreshInterval: 'Refresh interval',
      completedVisibleDays: 'Days completed orders stay visible',
      displayMode: 'Display',
      sortBy: 'Sort',
      boardKeyEnabled: 'Mobile board key',
      boardKey: 'Board key',
    },
    seconds: '{{count}} s',
    days: '{{count}} days',
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
};

export const commonLocales = { 'zh-CN': zhCN, en };
