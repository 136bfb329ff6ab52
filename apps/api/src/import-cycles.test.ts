import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the API's source. Neither eslint-plugin-import nor
 * eslint-plugin-import-x is installed, so this builds the graph itself: every relative
 * `import … from` / `export … from` / `import '…'` of a non-test file under src, type-only imports
 * included (a type that two modules each need from the other belongs in one of them).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const RELATIVE_IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(RELATIVE_IMPORT)]
      .map((m) => path.resolve(path.dirname(file), m[1]!))
      .filter((target) => target.startsWith(root) && fs.existsSync(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's cycles: its strongly connected components of more than one file, or a self-import. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(file, Math.min(low.get(file)!, index.get(dep)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the API source imports', () => {
  it('form no cycle', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100);
    const cycles = cyclesOf(graph).map((c) => c.map((f) => path.relative(SRC, f)));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
