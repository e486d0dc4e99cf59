// The frontend's modules form no import circle. A circle (31 files once went round through the
// route table) makes load order decide what is undefined at import time, defeats code
// splitting and lets one feature's change ripple through all. Dynamic import() counts too: the
// router's lazy screens are edges like any other.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Jest runs from the repository root (jest.config.js).
const repoRoot = process.cwd();
const frontendSrc = join(repoRoot, 'frontend/src');
const contractsDir = join(repoRoot, 'contracts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@contracts/')) base = join(contractsDir, specifier.slice('@contracts/'.length));
  else return undefined; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const IMPORT_PATTERNS = [/(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g, /import\(\s*['"]([^'"]+)['"]\s*\)/g, /^import\s+['"]([^'"]+)['"]/gm];

function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        // `import type` disappears at compile time and cannot form a runtime circle.
        if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
        const target = resolveImport(file, match[1]);
        if (target) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one member (or a self-import). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node)!, lowLinks.get(next)!));
      } else if (onStack.has(next)) lowLinks.set(node, Math.min(lowLinks.get(node)!, indices.get(next)!));
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.map((file) => relative(repoRoot, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

describe('frontend import graph', () => {
  const graph = importGraph([...sourceFiles(frontendSrc), ...sourceFiles(contractsDir)]);

  it('sees the imports it is meant to check', () => {
    // Guards the scanner itself: the router must be seen importing its screens lazily.
    const routeScreens = [...graph.keys()].find((file) => file.endsWith('app/route-screens.ts'))!;
    expect(graph.get(routeScreens)!.some((target) => target.endsWith('ConsolePage.tsx'))).toBe(true);
  });

  it('has no import circle', () => {
    expect(circles(graph)).toEqual([]);
  });
});
