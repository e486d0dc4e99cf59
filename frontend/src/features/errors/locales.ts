const zhCN = {
  notFound: {
    code: '404',
    title: '页面不存在',
    message: '您访问的页面不存在，或您没有访问它的权限。',
    back: '返回首页',
  },
};

const en: typeof zhCN = {
  notFound: {
    code: '404',
    title: 'Page not found',
    message: 'The page you are looking for does not exist, or you are not allowed to open it.',
    back: 'Back to the console',
  },
};

export const errorsLocales = { 'zh-CN': zhCN, en };
