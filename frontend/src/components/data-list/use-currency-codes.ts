// Currency ids → codes from the currency master data, for money columns: an order carries its
// currency's id, the code is what Intl needs. Loaded once per page load and shared.
import { useEffect, useState } from 'react';
import { getMasterDataOptions } from '../../features/base-data/api/get-master-data-options';

let cache: Promise<Map<number, string>> | null = null;

function loadCodes(): Promise<Map<number, string>> {
  cache ??= getMasterDataOptions('currency')
    .then((options) => new Map(options.map((option) => [option.id, option.code])))
    .catch(() => {
      cache = null; // try again on the next screen
      return new Map<number, string>();
    });
  return cache;
}

/** For tests: forget the loaded codes. */
export function resetCurrencyCodes(): void {
  cache = null;
}

/** The code of a currency id (null while loading, for no currency or an unknown id). */
export function useCurrencyCodes(): (id: number | null | undefined) => string | null {
  const [codes, setCodes] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    let live = true;
    void loadCodes().then((map) => live && setCodes(map));
    return () => {
      live = false;
    };
  }, []);
  return (id) => (id === null || id === undefined ? null : (codes.get(id) ?? null));
}
