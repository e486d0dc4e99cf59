// Money with its currency, in the page language: "¥1,234.00" (zh-CN, CNY), "US$1,234.00"
// (zh-CN, USD), "CN¥1,234.00" (en, CNY). An amount whose order has no currency, or whose
// currency code is not an ISO 4217 code Intl knows, still reads as money: the code (or the
// symbol) before a two-decimal number.
export interface CurrencyRef {
  /** ISO 4217 code from the currency master data (CNY, USD…); free text is tolerated. */
  code: string;
  /** The master data's symbol, used only when Intl does not know the code. */
  symbol?: string | null;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: string, code: string | null): Intl.NumberFormat {
  const key = `${language}|${code ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = code
      ? new Intl.NumberFormat(language, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter;
}

const ISO_CODE = /^[A-Z]{3}$/;

export function formatMoney(value: number | string | null | undefined, language: string, currency?: CurrencyRef | string | null): string {
  const parsed = Number(value ?? 0);
  const number = Number.isFinite(parsed) ? parsed : 0;
  const ref = typeof currency === 'string' ? { code: currency } : currency;
  const code = ref?.code?.trim().toUpperCase() ?? '';
  if (ISO_CODE.test(code)) {
    try {
      return formatterFor(language, code).format(number);
    } catch {
      // An unknown code: shown as text below.
    }
  }
  const plain = formatterFor(language, null).format(number);
  const prefix = ref?.symbol?.trim() || code;
  return prefix ? `${prefix} ${plain}` : plain;
}
