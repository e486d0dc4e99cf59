// The catalogue as a checkbox tree grouped like the sidebar, and back to permission names.
import type { TreeNode } from 'primereact/treenode';
import type { Localized } from '@contracts/master-data';
import type { RouteCatalogue } from '@contracts/users';

/** PrimeReact's checkbox selection keys (its type is not exported). */
export type TreeCheckboxSelectionKeys = Record<string, { checked?: boolean; partialChecked?: boolean }>;

const GROUP_PREFIX = 'group:';

const pick = (text: Localized | undefined, language: string, fallback: string): string =>
  text ? (text[language as keyof Localized] ?? text['zh-CN'] ?? fallback) : fallback;

export function catalogueTree(catalogue: RouteCatalogue, language: string): TreeNode[] {
  const nodes: TreeNode[] = [];
  const groups = new Map<string, TreeNode>();
  for (const entry of catalogue) {
    const leaf: TreeNode = { key: entry.name, label: pick(entry.title, language, entry.name), data: entry.name };
    if (!entry.group) {
      nodes.push(leaf);
      continue;
    }
    let group = groups.get(entry.group);
    if (!group) {
      group = { key: `${GROUP_PREFIX}${entry.group}`, label: pick(entry.groupTitle, language, entry.group), children: [] };
      groups.set(entry.group, group);
      nodes.push(group);
    }
    group.children!.push(leaf);
  }
  return nodes;
}

/** PrimeReact's checkbox selection for a set of permission names (groups full or partial). */
export function selectionOf(nodes: readonly TreeNode[], permissions: readonly string[]): TreeCheckboxSelectionKeys {
  const keys: TreeCheckboxSelectionKeys = {};
  for (const node of nodes) {
    if (!node.children) {
      if (permissions.includes(String(node.key))) keys[String(node.key)] = { checked: true, partialChecked: false };
      continue;
    }
    const checked = node.children.filter((child) => permissions.includes(String(child.key)));
    for (const child of checked) keys[String(child.key)] = { checked: true, partialChecked: false };
    if (checked.length > 0) keys[String(node.key)] = { checked: checked.length === node.children.length, partialChecked: checked.length < node.children.length };
  }
  return keys;
}

/** The permission names a selection holds (group nodes are not permissions). */
export function permissionsOf(selection: TreeCheckboxSelectionKeys | null | undefined): string[] {
  return Object.entries(selection ?? {})
    .filter(([key, state]) => !key.startsWith(GROUP_PREFIX) && state.checked)
    .map(([key]) => key);
}

/** Names the user holds that the catalogue does not offer (kept as they are on save). */
export const unlistedPermissions = (catalogue: RouteCatalogue, permissions: readonly string[]): string[] =>
  permissions.filter((name) => !catalogue.some((entry) => entry.name === name));
