const zhCN = {
  login: {
    heading: '欢迎登录',
    subtitle: '订单、生产进度与车间看板',
    username: '用户名',
    usernamePlaceholder: '请输入用户名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    submit: '登录',
    submitting: '正在登录…',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    noPermission: '该账号没有任何权限，请联系管理员',
    footer: '服装工厂订单跟踪与生产管理',
  },
  logout: {
    button: '退出登录',
    confirmTitle: '退出登录',
    confirmMessage: '确定要退出登录吗？',
    accept: '退出',
    reject: '取消',
    cancelled: '已取消退出登录',
    succeeded: '已退出登录',
  },
};

const en: typeof zhCN = {
  login: {
    heading: 'Sign in',
    subtitle: 'Orders, production progress and shop-floor boards',
    username: 'Username',
    usernamePlaceholder: 'Enter your username',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    usernameRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    noPermission: 'This account has no permission, contact the administrator',
    footer: 'Order tracking and production management for apparel factories',
  },
  logout: {
    button: 'Log out',
    confirmTitle: 'Log out',
    confirmMessage: 'Do you really want to log out?',
    accept: 'Log out',
    reject: 'Cancel',
    cancelled: 'Logout cancelled',
    succeeded: 'Logged out',
  },
};

export const authLocales = { 'zh-CN': zhCN, en };
