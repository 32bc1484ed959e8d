import fs from 'node:fs';
import path from 'node:path';

/**
 * Chunks for what the public screens load on first paint, read from the source's static
 * imports (a dynamic `import()` starts a download of its own and is not followed).
 *
 * Left to the automatic splitter, every small module two screens share (a panel, an icon, a
 * formatter) became a chunk of its own: a tracker screen loaded 26 scripts, and on a phone each
 * costs a request with about 1 KiB of headers. Here those modules go into at most three
 * chunks: shared by content screens only, by tracker screens only, or by both. What the app
 * shell itself imports stays in the entry chunk.
 *
 * The walk is also a guard: a public screen that imports one of HEAVY statically fails the
 * build, naming the chain of imports, since that would put the library on its first load. So
 * does a module of `lightOnDemand` (the profile dialog a shared link opens at once).
 */

/** Libraries the public screens may load on demand (a dialog, a toast) but never on first paint. */
const HEAVY = ['antd', '@ant-design/icons', 'react-quill-new', 'quill'];

type Area = 'content' | 'tracker';

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

export interface FirstLoadOptions {
  srcDir: string;
  contractsEntry: string;
  /** The app's entry (main.tsx): its static imports are the shell every page loads. */
  entry: string;
  /**
   * Each public screen's lazily loaded module, with its area; `layout` marks a layout that
   * every screen of its area loads, so what it imports counts as shared by them all.
   */
  screens: { file: string; area: Area; layout?: boolean }[];
  /**
   * Modules a public screen downloads on demand that must stay as light: they are checked
   * against HEAVY like the screens, and their modules are not counted as the screens'.
   */
  lightOnDemand?: string[];
}

function resolveImport(specifier: string, from: string, options: FirstLoadOptions): string | null {
  let base: string;
  if (specifier === '@team/contracts') return options.contractsEntry;
  if (specifier.startsWith('@/')) base = path.join(options.srcDir, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  const found = candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return found;
}

const FIRST_PAINT = 'a public screen must not load HEAVY on first paint (load it on demand)';

/** Every module `start` reaches by static imports, checked against HEAVY. */
function staticClosure(start: string, options: FirstLoadOptions, rule = FIRST_PAINT): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const heavy = HEAVY.find((name) => specifier === name || specifier!.startsWith(`${name}/`));
      if (heavy) {
        const via = [...chain, file].map((step) => path.relative(options.srcDir, step)).join(' → ');
        throw new Error(`${via} imports ${specifier}: ${rule.replace('HEAVY', heavy)}`);
      }
      const target = resolveImport(specifier!, file, options);
      if (target) walk(target, [...chain, file]);
    }
  };
  walk(start, []);
  return seen;
}

/** A `name` function for a rolldown code-splitting group: the shared chunk of a module, or null. */
export function firstLoadChunkName(options: FirstLoadOptions): (id: string) => string | null {
  const shell = staticClosure(options.entry, options);
  for (const file of options.lightOnDemand ?? []) {
    staticClosure(file, options, 'it must load HEAVY only with what needs it (an admin control), not for every visitor');
  }
  const users = new Map<string, { areas: Set<Area>; screens: number }>();
  for (const screen of options.screens) {
    for (const file of staticClosure(screen.file, options)) {
      // A style sheet goes with the modules that import it: left to the splitter, it landed in
      // its first importer's chunk (the tracker layout's), and the shared chunk then imported the
      // layout's chunk while the layout imported the shared one. That cycle ran the layout's module
      // before the shared one whenever a screen loaded the shared chunk first.
      if (shell.has(file) || file === screen.file || !/\.(tsx?|css)$/.test(file)) continue;
      const entry = users.get(file) ?? { areas: new Set<Area>(), screens: 0 };
      entry.areas.add(screen.area);
      entry.screens += screen.layout ? 2 : 1;
      users.set(file, entry);
    }
  }
  return (id: string) => {
    const entry = users.get(path.normalize(id));
    if (!entry || entry.screens < 2) return null;
    if (entry.areas.size > 1) return 'screens-shared';
    return entry.areas.has('tracker') ? 'tracker-shared' : 'content-shared';
  };
}
