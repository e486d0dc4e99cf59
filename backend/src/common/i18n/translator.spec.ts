import { en } from './messages.en.js';
import { zhCN } from './messages.zh-CN.js';
import { fieldLabel, languageFromHeader, translate } from './translator.js';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('server messages', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en', 'en'],
    ['en-US,en;q=0.9,zh;q=0.8', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
    ['fr-FR, en;q=0.5', 'en'],
  ])('Accept-Language %p → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it('has every key in both languages', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zhCN).sort());
  });

  it('interpolates and labels fields', () => {
    expect(translate('en', 'errors.tooManyLoginAttempts', { seconds: 30 })).toBe('Too many failed logins, try again in 30 s');
    expect(fieldLabel('zh-CN', 'username')).toBe('用户名');
    expect(fieldLabel('en', 'someUnknownField')).toBe('someUnknownField');
  });
});
