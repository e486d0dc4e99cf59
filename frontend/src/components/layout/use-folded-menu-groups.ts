// Which sidebar groups the user folded away, remembered in this browser. Base data starts
// folded: it is set up once and visited rarely, and its 17 entries would push the daily
// screens below the fold on a laptop.
import { useCallback, useState } from 'react';
import type { MenuGroupKey } from '../../config/paths';

const STORAGE_KEY = 'stitchboard.sidebar.folded';
const DEFAULT_FOLDED: readonly MenuGroupKey[] = ['base'];

function readFolded(): MenuGroupKey[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (Array.isArray(stored)) return stored.filter((key): key is MenuGroupKey => typeof key === 'string');
  } catch {
    // A damaged value falls back to the default below.
  }
  return [...DEFAULT_FOLDED];
}

export function useFoldedMenuGroups(): { isFolded: (key: MenuGroupKey) => boolean; toggle: (key: MenuGroupKey) => void } {
  const [folded, setFolded] = useState<MenuGroupKey[]>(readFolded);
  const toggle = useCallback((key: MenuGroupKey) => {
    setFolded((current) => {
      const next = current.includes(key) ? current.filter((entry) => entry !== key) : [...current, key];
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Private mode or a full storage: folding still works for this page load.
      }
      return next;
    });
  }, []);
  return { isFolded: (key) => folded.includes(key), toggle };
}
