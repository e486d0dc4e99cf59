const zhCN = {
  console: {
    title: '控制台',
    subtitle: '登录信息、实时连接与看板设置一览',
  },
  user: {
    title: '当前用户',
    greeting: '您好，{{name}}',
    username: '用户名',
    userId: '用户编号',
    permissions: '可访问模块',
    loadFailed: '无法加载用户信息',
  },
  connection: {
    title: '实时连接',
    status: {
      idle: '未连接',
      connecting: '正在连接',
      connected: '已连接',
      reconnecting: '正在重连',
      disconnected: '已断开',
    },
    liveHint: '看板数据由服务器实时推送，无需刷新。',
    staleSince: '自 {{time}} 起数据可能已过时',
    staleFor: '已断开 {{duration}}',
    lastConnected: '最近连接于 {{time}}',
    unauthorized: '登录已失效，请重新登录',
  },
  board: {
    title: '看板设置（实时）',
    lastEvent: '最近推送：#{{seq}} · {{time}}',
    noEvent: '尚未收到推送，当前显示 {{time}} 加载的设置',
    loading: '正在加载看板设置…',
    loadFailed: '无法加载看板设置',
    updated: '看板设置已更新',
  },
};

const en: typeof zhCN = {
  console: {
    title: 'Console',
    subtitle: 'Who is signed in, the live connection and the board settings at a glance',
  },
  user: {
    title: 'Signed in as',
    greeting: 'Hello, {{name}}',
    username: 'Username',
    userId: 'User ID',
    permissions: 'Modules',
    loadFailed: 'The user information could not be loaded',
  },
  connection: {
    title: 'Live connection',
    status: {
      idle: 'Not connected',
      connecting: 'Connecting',
      connected: 'Connected',
      reconnecting: 'Reconnecting',
      disconnected: 'Disconnected',
    },
    liveHint: 'Board data is pushed by the server as it changes; nothing needs refreshing.',
    staleSince: 'Data may be stale since {{time}}',
    staleFor: 'Disconnected for {{duration}}',
    lastConnected: 'Last connected at {{time}}',
    unauthorized: 'The session has expired, please sign in again',
  },
  board: {
    title: 'Board settings (live)',
    lastEvent: 'Last push: #{{seq}} · {{time}}',
    noEvent: 'No push received yet; showing the settings loaded at {{time}}',
    loading: 'Loading the board settings…',
    loadFailed: 'The board settings could not be loaded',
    updated: 'Board settings updated',
  },
};

export const homeLocales = { 'zh-CN': zhCN, en };
