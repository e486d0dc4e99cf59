// The catalogue's screens as a checkbox tree grouped like the sidebar: used for a role's pages and
// for a user's extra pages. Names the catalogue does not offer are kept as they are.
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';
import { Tree } from 'primereact/tree';
import type { RouteCatalogue } from '@contracts/users';
import { catalogueTree, permissionsOf, selectionOf, unlistedPermissions, type TreeCheckboxSelectionKeys } from '../api/permission-tree';

interface ScreenTreeProps {
  catalogue: RouteCatalogue;
  value: readonly string[];
  onChange(permissions: string[]): void;
  label: string;
  /** Screens the user has anyway (through roles): shown as such beside their checkbox. */
  inherited?: ReadonlySet<string>;
}

export function ScreenTree({ catalogue, value, onChange, label, inherited }: ScreenTreeProps) {
  const { t, i18n } = useTranslation('permission');
  const nodes = useMemo(() => {
    const tree = catalogueTree(catalogue, i18n.language);
    if (!inherited?.size) return tree;
    const mark = (node: (typeof tree)[number]): (typeof tree)[number] =>
      node.children
        ? { ...node, children: node.children.map(mark) }
        : inherited.has(String(node.key))
          ? { ...node, label: `${String(node.label)} · ${t('users.fromRole')}`, className: 'permission-inherited' }
          : node;
    return tree.map(mark);
  }, [catalogue, i18n.language, inherited, t]);
  const selection = useMemo(() => selectionOf(nodes, value), [nodes, value]);
  const expanded = useMemo(() => Object.fromEntries(nodes.filter((node) => node.children).map((node) => [String(node.key), true])), [nodes]);
  return (
    <>
      <Tree
        value={nodes}
        selectionMode="checkbox"
        selectionKeys={selection}
        onSelectionChange={(event) => onChange([...permissionsOf(event.value as TreeCheckboxSelectionKeys), ...unlistedPermissions(catalogue, value)])}
        expandedKeys={expanded}
        className="permission-tree"
        aria-label={label}
      />
      <small className="muted">{t('page.selectedCount', { count: permissionsOf(selection).length })}</small>
    </>
  );
}

/** A permission name's title in the current language (the name itself when the catalogue lacks it). */
export function screenTitle(catalogue: RouteCatalogue, name: string, language: string): string {
  const entry = catalogue.find((candidate) => candidate.name === name);
  if (!entry) return name;
  return entry.title[language as keyof typeof entry.title] ?? entry.title['zh-CN'] ?? name;
}

/** The tree once the catalogue is known: a placeholder while it loads, `empty` when there is none. */
export function CatalogueScreenTree({ catalogue, empty, ...tree }: Omit<ScreenTreeProps, 'catalogue'> & { catalogue: RouteCatalogue | null; empty: ReactNode }) {
  if (catalogue === null) return <Skeleton height="8rem" />;
  if (catalogue.length === 0) return <>{empty}</>;
  return <ScreenTree catalogue={catalogue} {...tree} />;
}
