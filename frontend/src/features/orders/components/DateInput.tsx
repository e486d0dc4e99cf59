import { useTranslation } from 'react-i18next';
import { addLocale } from 'primereact/api';
import { Calendar } from 'primereact/calendar';
import { fromDate, toDate } from '../model/format';

// PrimeReact ships English names only; the date pickers follow the page language.
addLocale('zh-CN', {
  firstDayOfWeek: 1,
  dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
  monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  today: '今天',
  clear: '清除',
  weekHeader: '周',
  chooseDate: '选择日期',
});

export interface DateInputProps {
  id?: string;
  /** YYYY-MM-DD or ''. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  ariaLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  minDate?: string;
  maxDate?: string;
  className?: string;
  /** The calendar button; filters leave it out to stay narrow. */
  showIcon?: boolean;
}

/** A date picker that reads and writes YYYY-MM-DD, in the page language. */
export function DateInput({ id, value, onChange, placeholder, ariaLabel, invalid, disabled, minDate, maxDate, className, showIcon = true }: DateInputProps) {
  const { i18n } = useTranslation();
  return (
    <Calendar
      inputId={id}
      value={toDate(value)}
      onChange={(event) => onChange(fromDate(event.value as Date | null))}
      dateFormat="yy-mm-dd"
      locale={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
      showButtonBar
      showIcon={showIcon}
      placeholder={placeholder}
      aria-label={ariaLabel}
      invalid={invalid}
      disabled={disabled}
      minDate={toDate(minDate) ?? undefined}
      maxDate={toDate(maxDate) ?? undefined}
      className={className}
    />
  );
}
