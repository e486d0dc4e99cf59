// Which optional columns of a list are shown, remembered per list in localStorage (a choice of
// layout, so it outlives the session, unlike the list's filters). Only the columns the user
// changed are stored: a column added later takes its default.
import { useCallback, useState } from 'react';

export interface ColumnChoice {
  key: string;
  label: string;
  /** Hidden until the user asks for it. */
  defaultHidden?: boolean;
}

export const columnStorageKey = (listKey: string) => `stitchboard.columns.${listKey}`;

function load(listKey: string): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(columnStorageKey(listKey)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => typeof value === 'boolean')) as Record<string, boolean>;
  } catch {
    return {};
  }
}

function save(listKey: string, choices: Record<string, boolean>): void {
  try {
    if (Object.keys(choices).length === 0) window.localStorage.removeItem(columnStorageKey(listKey));
    else window.localStorage.setItem(columnStorageKey(listKey), JSON.stringify(choices));
  } catch {
    // Storage blocked or full: the choice lasts for this page only.
  }
}

export interface ColumnVisibility {
  isVisible: (key: string) => boolean;
  setVisible: (key: string, visible: boolean) => void;
  reset: () => void;
  /** True when the user has ticked the column on (it is then never hidden to make room). */
  isChosen: (key: string) => boolean;
  /** True when some column differs from its default. */
  changed: boolean;
}

export function useColumnVisibility(listKey: string, optional: readonly ColumnChoice[]): ColumnVisibility {
  const [choices, setChoices] = useState<Record<string, boolean>>(() => load(listKey));
  const defaults = new Map(optional.map((column) => [column.key, !column.defaultHidden]));

  const isVisible = (key: string) => {
    if (!defaults.has(key)) return true; // key columns are always shown
    return Object.hasOwn(choices, key) ? choices[key] : (defaults.get(key) ?? true);
  };

  const setVisible = useCallback(
    (key: string, visible: boolean) =>
      setChoices((current) => {
        const next = { ...current, [key]: visible };
        save(listKey, next);
        return next;
      }),
    [listKey],
  );

  const reset = useCallback(() => {
    save(listKey, {});
    setChoices({});
  }, [listKey]);

  const changed = optional.some((column) => Object.hasOwn(choices, column.key) && choices[column.key] === Boolean(column.defaultHidden));
  const isChosen = (key: string) => choices[key] === true;
  return { isVisible, setVisible, reset, isChosen, changed };
}
