/**
 * Work to do after a process's services have stopped and before it exits (flushing traces).
 * A module of its own, with no dependencies, so registering costs nothing.
 */
const hooks: (() => Promise<void>)[] = [];

export function onShutdown(hook: () => Promise<void>): void {
  hooks.push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  for (const hook of hooks.splice(0).reverse()) await hook().catch(() => undefined);
}
