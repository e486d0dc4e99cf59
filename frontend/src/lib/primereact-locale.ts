// PrimeReact's own words (calendar names, empty-list messages, and the aria labels screen readers
// announce: "Next Page", "Show Password", "Close"…) in the page language. PrimeReact ships English
// only; this is the one place that adds Chinese and switches with i18next (issue 10, item 7).
import { addLocale, locale as setPrimeLocale } from 'primereact/api';
import type { Language } from './i18n';

const zhCN = {
  accept: '是',
  addRule: '添加规则',
  am: '上午',
  apply: '应用',
  cancel: '取消',
  choose: '选择',
  chooseDate: '选择日期',
  chooseMonth: '选择月份',
  chooseYear: '选择年份',
  clear: '清除',
  completed: '已完成',
  contains: '包含',
  custom: '自定义',
  dateAfter: '日期晚于',
  dateBefore: '日期早于',
  dateFormat: 'yy-mm-dd',
  dateIs: '日期为',
  dateIsNot: '日期不为',
  dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
  dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  emptyFilterMessage: '没有匹配的结果',
  emptyMessage: '没有可选项',
  emptySearchMessage: '没有匹配的结果',
  emptySelectionMessage: '未选择任何项',
  endsWith: '结尾为',
  equals: '等于',
  fileChosenMessage: '{0} 个文件',
  fileSizeTypes: ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
  filter: '筛选',
  firstDayOfWeek: 1,
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  matchAll: '全部匹配',
  matchAny: '任一匹配',
  medium: '中',
  monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  nextDecade: '下一个十年',
  nextHour: '下一小时',
  nextMinute: '下一分钟',
  nextMonth: '下个月',
  nextSecond: '下一秒',
  nextYear: '下一年',
  noFileChosenMessage: '未选择文件',
  noFilter: '不筛选',
  notContains: '不包含',
  notEquals: '不等于',
  now: '现在',
  passwordPrompt: '请输入密码',
  pending: '待处理',
  pm: '下午',
  prevDecade: '上一个十年',
  prevHour: '上一小时',
  prevMinute: '上一分钟',
  prevMonth: '上个月',
  prevSecond: '上一秒',
  prevYear: '上一年',
  reject: '否',
  removeRule: '删除规则',
  searchMessage: '共 {0} 个结果',
  selectionMessage: '已选择 {0} 项',
  showMonthAfterYear: true,
  startsWith: '开头为',
  strong: '强',
  today: '今天',
  upload: '上传',
  weak: '弱',
  weekHeader: '周',
  aria: {
    cancelEdit: '取消编辑',
    close: '关闭',
    collapseLabel: '收起',
    collapseRow: '行已收起',
    editRow: '编辑行',
    expandLabel: '展开',
    expandRow: '行已展开',
    falseLabel: '否',
    filterConstraint: '筛选条件',
    filterOperator: '筛选运算符',
    firstPageLabel: '第一页',
    gridView: '网格视图',
    hideFilterMenu: '隐藏筛选菜单',
    jumpToPageDropdownLabel: '跳转页码下拉框',
    jumpToPageInputLabel: '跳转页码输入框',
    lastPageLabel: '最后一页',
    listLabel: '选项列表',
    listView: '列表视图',
    moveAllToSource: '全部移到源列表',
    moveAllToTarget: '全部移到目标列表',
    moveBottom: '移到底部',
    moveDown: '下移',
    moveToSource: '移到源列表',
    moveToTarget: '移到目标列表',
    moveTop: '移到顶部',
    moveUp: '上移',
    navigation: '导航',
    next: '下一个',
    nextPageLabel: '下一页',
    nullLabel: '未选择',
    otpLabel: '请输入一次性密码的第 {0} 位',
    pageLabel: '第 {page} 页',
    passwordHide: '隐藏密码',
    passwordShow: '显示密码',
    previous: '上一个',
    prevPageLabel: '上一页',
    removeLabel: '删除',
    rotateLeft: '向左旋转',
    rotateRight: '向右旋转',
    rowsPerPageLabel: '每页行数',
    saveEdit: '保存编辑',
    scrollTop: '回到顶部',
    selectAll: '已全选',
    selectLabel: '选择',
    selectRow: '行已选中',
    showFilterMenu: '显示筛选菜单',
    slide: '幻灯片',
    slideNumber: '{slideNumber}',
    star: '1 星',
    stars: '{star} 星',
    trueLabel: '是',
    unselectAll: '已全部取消选择',
    unselectLabel: '取消选择',
    unselectRow: '行已取消选中',
    zoomImage: '放大图片',
    zoomIn: '放大',
    zoomOut: '缩小',
  },
};

/**
 * The global PrimeReact locale per page language. Chinese is registered under its own key so
 * that a component calling addLocale('zh-CN', {calendar names only}) cannot wipe the aria labels
 * of every other component; 'zh-CN' itself gets the same texts for components that pass
 * `locale="zh-CN"` explicitly.
 */
export const PRIME_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-Hans-CN', en: 'en' };

let registered = false;

/** Registers the Chinese texts (once) and makes PrimeReact speak `language`. */
export function applyPrimeReactLocale(language: Language): void {
  if (!registered) {
    addLocale(PRIME_LOCALE['zh-CN'], zhCN);
    addLocale('zh-CN', zhCN);
    registered = true;
  }
  setPrimeLocale(PRIME_LOCALE[language]);
}

/** The Chinese texts, for tests. */
export const PRIME_ZH_CN = zhCN;
