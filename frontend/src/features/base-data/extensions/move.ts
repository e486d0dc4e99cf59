/** The list with the item at `from` moved one place up (-1) or down (+1); unchanged at an edge. */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export const removeItem = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** A stable React key for rows that may not have a server id yet. */
let counter = 0;
export const rowKey = (): string => `row-${++counter}`;
