/**
 * A chain of chunks (or any nodes) that comes back to where it started, following `imports`
 * (each node's, by name), or undefined when there is none: a module in such a chain can run
 * before one it imports.
 */
export function importCycle(imports: ReadonlyMap<string, Iterable<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const from = (node: string, trail: string[]): string[] | undefined => {
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    for (const next of imports.get(node) ?? []) {
      const cycle = from(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of imports.keys()) {
    const cycle = from(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}
