/**
 * Which modules a built page preloads (docs/decisions/043): the code-split chunks of its matched routes and,
 * under the `_session` layout, the runtime its guard awaits. The browser hydrates only once they have
 * loaded; preloaded, they download beside the entry instead of after it.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The entry: the shell already loads it and preloads its imports. */
const ENTRY = "index.html";

/** The manifest keys of what a page with these matched route ids loads before its first render. */
export function moduleKeysFor(routeIds: readonly string[]): string[] {
  const keys = routeIds
    .filter((id) => id !== "__root__")
    .map((id) => `src/routes${id.endsWith("/") ? `${id}index` : id}.tsx?tsr-split=component`);
  return routeIds.some((id) => id.startsWith("/_session")) ? [...keys, "src/runtime.ts"] : keys;
}

/** The URLs of those modules and of everything they import, the entry's own chunks left out. */
export function preloadUrls(manifest: ViteManifest, keys: readonly string[]): string[] {
  const entryChunks = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const dependency of chunk.imports ?? []) collect(dependency, into);
  };
  collect(ENTRY, entryChunks);
  const wanted = new Set<string>();
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`The build has no chunk ${key}: is the route still there?`);
    collect(key, wanted);
  }
  return [...wanted].filter((key) => !entryChunks.has(key)).map((key) => `/${manifest[key]!.file}`);
}
