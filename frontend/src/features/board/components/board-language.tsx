// Boards hang on walls and open on visitors' phones: nobody picks a language there first. With
// no stored choice they take the browser's (zh* → 简体中文, anything else → English); the small
// switch stores a choice like the one in the app's top bar.
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageDropdown } from '../../../components/LanguageDropdown';
import { LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../../lib/i18n';

function storedChoice(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : null;
  } catch {
    return null;
  }
}

/** The language of the browser's first preference. */
export function browserLanguage(preferences: readonly string[] | undefined): Language {
  const first = preferences?.find((language) => language.trim() !== '') ?? '';
  return first.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The language a board opens in: the stored choice, else the browser's. */
export function boardLanguage(stored: Language | null, preferences: readonly string[] | undefined): Language {
  return stored ?? browserLanguage(preferences);
}

/**
 * Switches the board to its language before the first paint and before its first request
 * (layout effects run before effects), so server messages come in that language too.
 */
export function useBoardLanguage(): void {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    const preferences = typeof navigator === 'undefined' ? undefined : navigator.languages?.length ? navigator.languages : [navigator.language];
    const language = boardLanguage(storedChoice(), preferences);
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    // Once per board: a choice made later reloads the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The language switch of a board: a globe and the language's name, keyboard operable. */
export function BoardLanguageSwitch({ compact = false }: { compact?: boolean }) {
  return <LanguageDropdown className={`board-language${compact ? ' is-compact' : ''}`} />;
}
