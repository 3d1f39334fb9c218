import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run check:imports`: the module boundaries of docs/ARCHITECTURE.md ("Modules, use cases and
 * events"), checked over every import and export-from (`import type` included, dynamic `import()` too):
 *
 * - a file of `src/server/modules/<a>/` imports another module `<b>` only through `modules/<b>/index.ts`;
 *   the one exception is a foreign key: `<a>/*.schema.ts` may import `<b>/*.schema.ts`, and may use what it
 *   imports from there only inside `references(() => table.column)` or `foreignColumns: [table.column]`;
 * - a library (`src/server/lib`, `src/server/db`, `src/server/policies`, `src/server/config.ts`,
 *   `src/shared`) imports no module; only `db/schema.ts` gathers every module's schema file for Drizzle
 *   and the migrations;
 * - app wiring (`src/server/{app,index,services,bootstrap,fast-routes}.ts`) imports a module through its index or
 *   mounts its `*.routes.ts`; use cases (`src/server/use-cases/`) import modules through their indexes;
 *   inside a module only a `*.routes.ts` file may call a use case;
 * - `src/shared` and `src/web` import nothing from `src/server`;
 * - no import cycle between files (server, shared and web) nor between modules (a → b when a file of a
 *   imports a file of b; a foreign key between schema files is data, not code, and is left out of the
 *   module graph, while the file graph still holds it).
 *
 * And the web's boundaries (docs/ARCHITECTURE.md, "Web app"):
 *
 * - every folder of `src/web/features/` has a public entry, `index.ts`; a file outside feature `<f>`
 *   (another feature, a page, the app wiring, the server render) imports `<f>` only through
 *   `src/web/features/<f>/index.ts`;
 * - `src/web/components`, `src/web/lib` and `src/web/hooks` import no feature;
 * - no import cycle between feature folders (a → b when a file of a imports a file of b);
 * - a web module runs nothing when imported (its top-level statements are imports, exports and
 *   declarations) unless package.json's `sideEffects` names it: the bundler drops what a page does not
 *   use from a feature's index on the strength of that list.
 *
 * The script reads the source text (TypeScript 7 has no JavaScript parser API): comments are blanked
 * first, then import and export-from statements are matched at the start of a statement.
 */

export interface ImportProblem {
  rule:
    | 'module-internals'
    | 'foreign-schema-use'
    | 'library-imports-module'
    | 'wiring-imports-internals'
    | 'use-case-outside-routes'
    | 'imports-server'
    | 'file-cycle'
    | 'module-cycle'
    | 'web-feature-index'
    | 'web-feature-internals'
    | 'web-shared-imports-feature'
    | 'web-feature-cycle'
    | 'web-side-effect';
  message: string;
}

interface ImportEdge {
  from: string;
  to: string;
  /** The names bound by the statement (for the foreign-key rule). */
  names: string[];
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx)$/;
const SCANNED_ROOTS = ['src/server', 'src/shared', 'src/web'];
const WIRING = new Set([
  'src/server/app.ts',
  'src/server/index.ts',
  'src/server/services.ts',
  'src/server/bootstrap.ts',
  'src/server/fast-routes.ts',
]);
const SCHEMA_INDEX = 'src/server/db/schema.ts';

function listFiles(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(absolute)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const relative = `${dir}/${entry}`;
    if (statSync(path.join(root, relative)).isDirectory()) files.push(...listFiles(root, relative));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) files.push(relative);
  }
  return files;
}

/** Blanks comments (keeping line breaks and string contents), so a commented-out import is no import. */
export function stripComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (char === "'" || char === '"' || char === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== char) {
        if (source[j] === '\\') j++;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** Blanks the contents of strings and template literals (keeping line breaks). */
function blankStrings(text: string): string {
  return text.replace(
    /(['"`])((?:\\.|(?!\1)[^\\])*)\1/g,
    (_, quote: string, body: string) => `${quote}${body.replace(/[^\n]/g, ' ')}${quote}`,
  );
}

/**
 * A statement at the top of a module that does something when the module is imported: a call, an
 * assignment, an `if`, `for`, `await`… (formatted code starts each top-level statement at column 0).
 */
const TOP_LEVEL_EFFECT =
  /^(?:(?:if|for|while|do|switch|try|throw|void|await|new|delete)\b|[([]|[A-Za-z_$][\w$]*(?:\s*\??\.\s*[\w$]+|\[[^\]\n]*\])*\s*(?:\(|`|(?:[-+*/%&|^]|\*\*|&&|\|\||\?\?|<<|>>>?)?=(?![=>])|\+\+|--))/;

/** The first top-level statement of a module's text that runs something on import, if any. */
export function topLevelEffect(source: string): string | null {
  const lines = blankStrings(stripComments(source)).split('\n');
  const index = lines.findIndex((line) => TOP_LEVEL_EFFECT.test(line));
  return index === -1 ? null : `line ${index + 1}: ${source.split('\n')[index]?.trim()}`;
}

const IDENT = '[A-Za-z_$][\\w$]*';
const CLAUSE = `(?:type\\s+)?(?:\\*\\s*(?:as\\s+${IDENT})?|\\{[^}]*\\}|${IDENT}(?:\\s*,\\s*(?:\\{[^}]*\\}|\\*\\s*as\\s+${IDENT}))?)`;
const STATIC_IMPORT = new RegExp(
  `(?:^|[;}\\n])\\s*(import|export)\\s+(${CLAUSE})\\s*from\\s*(['"])([^'"\\n]+)\\3`,
  'g',
);
const SIDE_EFFECT_IMPORT = /(?:^|[;}\n])\s*import\s*(['"])([^'"\n]+)\1/g;
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g;

interface RawImport {
  specifier: string;
  names: string[];
  typeOnly: boolean;
}

function boundNames(clause: string): string[] {
  const names: string[] = [];
  const braces = clause.match(/\{([^}]*)\}/);
  if (braces?.[1]) {
    for (const part of braces[1].split(',')) {
      const words = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      const local = (words[1] ?? words[0])?.trim();
      if (local) names.push(local);
    }
  }
  const star = clause.match(new RegExp(`\\*\\s*as\\s+(${IDENT})`));
  if (star?.[1]) names.push(star[1]);
  const head = clause.replace(/^type\s+/, '').match(new RegExp(`^(${IDENT})`))?.[1];
  if (head && head !== 'type') names.push(head);
  return names;
}

/** Every import, export-from and dynamic import of one file's text. */
export function findImports(source: string): RawImport[] {
  const text = stripComments(source);
  const found: RawImport[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const clause = match[2] ?? '';
    found.push({
      specifier: match[4] ?? '',
      names: match[1] === 'import' ? boundNames(clause) : [],
      typeOnly: /^type\s/.test(clause),
    });
  }
  for (const match of text.matchAll(SIDE_EFFECT_IMPORT))
    found.push({ specifier: match[2] ?? '', names: [], typeOnly: false });
  for (const match of text.matchAll(DYNAMIC_IMPORT))
    found.push({ specifier: match[2] ?? '', names: [], typeOnly: false });
  return found;
}

function resolve(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base.replace(/\.js$/, '')}.ts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  for (const candidate of candidates) {
    const absolute = path.join(root, candidate);
    if (SOURCE.test(candidate) && existsSync(absolute) && statSync(absolute).isFile()) return candidate;
  }
  return null;
}

/** `src/server/modules/<name>/…` → name. */
export function moduleOf(file: string): string | null {
  return file.match(/^src\/server\/modules\/([^/]+)\//)?.[1] ?? null;
}

/** `src/web/features/<name>/…` → name. */
export function featureOf(file: string): string | null {
  return file.match(/^src\/web\/features\/([^/]+)\//)?.[1] ?? null;
}

function isFeatureIndex(file: string): boolean {
  return /^src\/web\/features\/[^/]+\/index\.ts$/.test(file);
}

/** Web code every feature may use, which therefore uses no feature. */
function isWebShared(file: string): boolean {
  return /^src\/web\/(components|lib|hooks)\//.test(file);
}

function isLibrary(file: string): boolean {
  return (
    file.startsWith('src/server/lib/') ||
    file.startsWith('src/server/db/') ||
    file.startsWith('src/server/policies/') ||
    file === 'src/server/config.ts' ||
    file.startsWith('src/shared/')
  );
}

function isModuleIndex(file: string): boolean {
  return /^src\/server\/modules\/[^/]+\/index\.ts$/.test(file);
}

function isRoutesFile(file: string): boolean {
  return /^src\/server\/modules\/[^/]+\/[^/]+\.routes\.ts$/.test(file);
}

function isUseCase(file: string): boolean {
  return file.startsWith('src/server/use-cases/');
}

function isSchemaFile(file: string): boolean {
  return /^src\/server\/modules\/[^/]+\/[^/]+\.schema\.ts$/.test(file);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A foreign table in a schema file: how many of its uses are not a foreign-key target. */
function nonReferenceUses(source: string, name: string): number {
  const text = stripComments(source).replace(STATIC_IMPORT, '\n');
  const word = escapeRegExp(name);
  const count = (pattern: RegExp, within: string) => within.match(pattern)?.length ?? 0;
  const all = count(new RegExp(`(?<![\\w$.])${word}(?![\\w$])`, 'g'), text);
  const asReference = count(
    new RegExp(`references\\(\\s*\\(\\)\\s*(?::\\s*[\\w$.]+\\s*)?=>\\s*${word}\\.[\\w$]+`, 'g'),
    text,
  );
  let inForeignColumns = 0;
  for (const list of text.matchAll(/foreignColumns:\s*\[([^\]]*)\]/g))
    inForeignColumns += count(new RegExp(`(?<![\\w$.])${word}\\.[\\w$]+`, 'g'), list[1] ?? '');
  return all - asReference - inForeignColumns;
}

/** Strongly connected components with more than one member (or a file importing itself). */
function cycles(nodes: string[], edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (start: string) => {
    // Iterative Tarjan, so a deep import chain cannot overflow the call stack.
    const work: { node: string; next: string[]; i: number }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: [...(edges.get(node) ?? [])].sort(), i: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.next.length) {
        const target = frame.next[frame.i++]!;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.get(frame.node)?.has(frame.node)) found.push(component);
      }
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One concrete loop through a component, for the message: a → b → … → a. */
function loopThrough(component: string[], edges: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of [...(edges.get(node) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at && at !== start; at = previous.get(at))
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, component[0]!];
}

function also(component: string[]): string {
  return component.length > 2
    ? ` (all ${component.length} in this cycle: ${[...component].sort().join(', ')})`
    : '';
}

/** Every scanned file's text and every import between scanned files. */
function readTree(root: string): { files: string[]; sources: Map<string, string>; edges: ImportEdge[] } {
  const files = SCANNED_ROOTS.flatMap((dir) => listFiles(root, dir));
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const edges: ImportEdge[] = [];
  for (const [file, source] of sources) {
    for (const found of findImports(source)) {
      const target = resolve(root, file, found.specifier);
      if (target) edges.push({ from: file, to: target, names: found.names, typeOnly: found.typeOnly });
    }
  }
  return { files, sources, edges };
}

/** The module graph: a → b when a file of a imports a file of b (a foreign key between schema files is not an arrow). */
function moduleGraphOf(edges: ImportEdge[]): Map<string, Set<string>> {
  const moduleGraph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const fromModule = moduleOf(edge.from);
    const toModule = moduleOf(edge.to);
    const foreignKey = isSchemaFile(edge.from) && isSchemaFile(edge.to);
    if (fromModule && toModule && fromModule !== toModule && !foreignKey) {
      if (!moduleGraph.has(fromModule)) moduleGraph.set(fromModule, new Set());
      moduleGraph.get(fromModule)!.add(toModule);
    }
  }
  return moduleGraph;
}

/**
 * Each module of `src/server/modules` with the modules it imports, sorted: the facts of the module
 * table in docs/ARCHITECTURE.md ("Modules, use cases and events"), which a unit test compares.
 */
export function moduleImports(root: string): Map<string, string[]> {
  const graph = moduleGraphOf(readTree(root).edges);
  const modules = readdirSync(path.join(root, 'src/server/modules')).filter((entry) =>
    statSync(path.join(root, 'src/server/modules', entry)).isDirectory(),
  );
  return new Map(modules.sort().map((name) => [name, [...(graph.get(name) ?? [])].sort()]));
}

/** The web files package.json's `sideEffects` names (null: it names none, so every file may have some). */
function declaredSideEffects(root: string): Set<string> | null {
  const file = path.join(root, 'package.json');
  if (!existsSync(file)) return null;
  const { sideEffects } = JSON.parse(readFileSync(file, 'utf8')) as { sideEffects?: unknown };
  if (sideEffects === false) return new Set();
  if (!Array.isArray(sideEffects)) return null;
  return new Set(sideEffects.map((entry) => String(entry).replace(/^\.\//, '')));
}

/** The web's boundaries: feature indexes, shared code that imports no feature, no cycle of features. */
function webProblems(
  root: string,
  files: string[],
  sources: Map<string, string>,
  edges: ImportEdge[],
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const featuresRoot = path.join(root, 'src/web/features');
  const features = existsSync(featuresRoot)
    ? readdirSync(featuresRoot).filter((entry) => statSync(path.join(featuresRoot, entry)).isDirectory())
    : [];
  for (const feature of features.sort()) {
    if (!existsSync(path.join(featuresRoot, feature, 'index.ts')))
      problems.push({
        rule: 'web-feature-index',
        message: `src/web/features/${feature} has no index.ts: each feature's public entry, what other features and the pages may use`,
      });
  }

  const featureGraph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const toFeature = featureOf(edge.to);
    const fromFeature = featureOf(edge.from);
    if (!toFeature || fromFeature === toFeature) continue;
    if (fromFeature) {
      if (!featureGraph.has(fromFeature)) featureGraph.set(fromFeature, new Set());
      featureGraph.get(fromFeature)!.add(toFeature);
    }
    if (isWebShared(edge.from))
      problems.push({
        rule: 'web-shared-imports-feature',
        message: `${edge.from} imports ${edge.to}: components, lib and hooks serve every feature and import none (move the shared piece down, or take it as a prop)`,
      });
    else if (!isFeatureIndex(edge.to))
      problems.push({
        rule: 'web-feature-internals',
        message: `${edge.from} imports ${edge.to}: another feature is used only through src/web/features/${toFeature}/index.ts`,
      });
  }
  for (const component of cycles([...featureGraph.keys()], featureGraph))
    problems.push({
      rule: 'web-feature-cycle',
      message: `import cycle between web features: ${loopThrough(component, featureGraph).join(' → ')}${also(component)} (move the shared piece to components/ or lib/, or pass it in as a prop)`,
    });

  const withSideEffects = declaredSideEffects(root);
  if (withSideEffects) {
    for (const file of files) {
      if (!file.startsWith('src/web/') || /\.test\.tsx?$/.test(file) || withSideEffects.has(file)) continue;
      const effect = topLevelEffect(sources.get(file) ?? '');
      if (effect)
        problems.push({
          rule: 'web-side-effect',
          message: `${file} runs something when imported (${effect}): do it in a function, or name the file in package.json's sideEffects`,
        });
    }
  }
  return problems;
}

export function checkImports(root: string): ImportProblem[] {
  const { files, sources, edges } = readTree(root);

  const problems: ImportProblem[] = [];
  for (const edge of edges) {
    const fromModule = moduleOf(edge.from);
    const toModule = moduleOf(edge.to);
    if (
      edge.to.startsWith('src/server/') &&
      (edge.from.startsWith('src/shared/') || edge.from.startsWith('src/web/'))
    ) {
      problems.push({
        rule: 'imports-server',
        message: `${edge.from} imports ${edge.to}: src/shared and src/web never import server code`,
      });
      continue;
    }
    if (isUseCase(edge.to) && fromModule && !isRoutesFile(edge.from)) {
      problems.push({
        rule: 'use-case-outside-routes',
        message: `${edge.from} imports ${edge.to}: in a module, only *.routes.ts files call use cases`,
      });
      continue;
    }
    if (!toModule || fromModule === toModule) continue;
    if (fromModule) {
      if (isModuleIndex(edge.to)) continue;
      if (isSchemaFile(edge.from) && isSchemaFile(edge.to)) {
        for (const name of edge.names) {
          if (edge.typeOnly || nonReferenceUses(sources.get(edge.from) ?? '', name) > 0)
            problems.push({
              rule: 'foreign-schema-use',
              message: `${edge.from} uses ${name} from ${edge.to} outside references(): another module's table is a foreign-key target only`,
            });
        }
        continue;
      }
      problems.push({
        rule: 'module-internals',
        message: `${edge.from} imports ${edge.to}: another module is used only through src/server/modules/${toModule}/index.ts`,
      });
    } else if (edge.from === SCHEMA_INDEX) {
      if (!isSchemaFile(edge.to))
        problems.push({
          rule: 'library-imports-module',
          message: `${edge.from} imports ${edge.to}: the schema index gathers modules' *.schema.ts files only`,
        });
    } else if (isLibrary(edge.from)) {
      problems.push({
        rule: 'library-imports-module',
        message: `${edge.from} imports ${edge.to}: a library imports no module (declare an interface or take the function as a dependency)`,
      });
    } else if (!isModuleIndex(edge.to) && !(WIRING.has(edge.from) && isRoutesFile(edge.to))) {
      problems.push({
        rule: 'wiring-imports-internals',
        message: `${edge.from} imports ${edge.to}: app wiring and use cases use src/server/modules/${toModule}/index.ts`,
      });
    }
  }

  problems.push(...webProblems(root, files, sources, edges));

  const fileGraph = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!fileGraph.has(edge.from)) fileGraph.set(edge.from, new Set());
    fileGraph.get(edge.from)!.add(edge.to);
  }
  const moduleGraph = moduleGraphOf(edges);
  for (const component of cycles(files, fileGraph))
    problems.push({
      rule: 'file-cycle',
      message: `import cycle between files: ${loopThrough(component, fileGraph).join(' → ')}${also(component)}`,
    });
  for (const component of cycles([...moduleGraph.keys()], moduleGraph))
    problems.push({
      rule: 'module-cycle',
      message: `import cycle between modules: ${loopThrough(component, moduleGraph).join(' → ')}${also(component)}`,
    });
  return problems;
}

export function formatProblems(problems: ImportProblem[]): string {
  const lines = [`${problems.length} import problem${problems.length === 1 ? '' : 's'}:`];
  for (const problem of problems) lines.push(`  [${problem.rule}] ${problem.message}`);
  lines.push('The rules: docs/ARCHITECTURE.md, "Modules, use cases and events" and "Web app".');
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const problems = checkImports(root);
  if (problems.length > 0) {
    console.error(formatProblems(problems));
    process.exit(1);
  }
  console.log('Imports: module and web feature boundaries kept, no cycles.');
}
