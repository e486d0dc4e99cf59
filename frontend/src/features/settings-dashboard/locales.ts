const zhCN = {
  page: {
    title: '看板设置',
    subtitle: '车间电视看板与手机看板的显示方式。修改保存后，所有已打开的看板立即生效。',
    presentation: '呈现方式',
    content: '看板内容',
    access: '手机看板访问',
    refreshIntervalHint: '整页模式下每页停留的时间，或滚动模式下每一步的间隔。数据始终实时推送。',
    completedVisibleDaysHint: '订单完成后在看板上继续显示的天数。',
    boardKeyEnabledHint: '启用后，凭看板密钥即可在手机上免登录查看看板。',
    boardKeyHint: '把此密钥告诉需要在手机上查看看板的人员。',
    boardKeyNone: '尚未生成看板密钥',
    copy: '复制',
    copied: '已复制看板密钥',
    secondsSuffix: ' 秒',
    daysSuffix: ' 天',
    saved: '看板设置已保存',
    saveFailed: '保存失败',
    unchanged: '没有需要保存的修改',
    loadFailed: '无法加载看板设置',
  },
};

const en: typeof zhCN = {
  page: {
    title: 'Board settings',
    subtitle: 'How the shop-floor TV boards and the mobile board present orders. Saved changes apply to every open board at once.',
    presentation: 'Presentation',
    content: 'Board content',
    access: 'Mobile board access',
    refreshIntervalHint: 'How long a page stays in whole-page mode, or the step of the scrolling mode. Data is always pushed live.',
    completedVisibleDaysHint: 'How many days an order stays on the boards after it is completed.',
    boardKeyEnabledHint: 'When enabled, the board key opens the mobile board without signing in.',
    boardKeyHint: 'Give this key to the people who watch the board on their phones.',
    boardKeyNone: 'No board key yet',
    copy: 'Copy',
    copied: 'Board key copied',
    secondsSuffix: ' s',
    daysSuffix: ' days',
    saved: 'Board settings saved',
    saveFailed: 'Saving failed',
    unchanged: 'Nothing to save',
    loadFailed: 'The board settings could not be loaded',
  },
};

export const settingsDashboardLocales = { 'zh-CN': zhCN, en };
