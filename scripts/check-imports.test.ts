import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, findImports, moduleImports, topLevelEffect } from './check-imports';

const trees: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'check-imports-'));
  trees.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A clean tree: menu uses settings through its index; menu's table refers to settings' table. */
const clean: Record<string, string> = {
  'src/server/lib/errors.ts': 'export const notFound = () => new Error();\n',
  'src/server/db/schema.ts':
    "export * from '../modules/menu/menu.schema';\nexport * from '../modules/settings/settings.schema';\n",
  'src/server/modules/settings/settings.schema.ts': "export const settings = { id: 'id' };\n",
  'src/server/modules/settings/settings.service.ts':
    "import { settings } from './settings.schema';\nexport const getSettings = () => settings;\n",
  'src/server/modules/settings/index.ts': "export { getSettings } from './settings.service';\n",
  'src/server/modules/menu/menu.schema.ts': [
    "import { settings } from '../settings/settings.schema';",
    'export const menuItems = { settingsId: references(() => settings.id) };',
    'declare function references(target: () => unknown): unknown;',
    '',
  ].join('\n'),
  'src/server/modules/menu/menu.service.ts': [
    "import type { notFound } from '../../lib/errors';",
    "import { getSettings } from '../settings';",
    "// import { settings } from '../settings/settings.schema';",
    'export const list = () => getSettings();',
    '',
  ].join('\n'),
  'src/server/app.ts': "import { list } from './modules/menu/menu.service';\n",
};

/**
 * A clean web tree: orders uses auth through its index and a shared widget; a page uses orders'
 * index; main.tsx runs the app and package.json says so.
 */
const cleanWeb: Record<string, string> = {
  'package.json': JSON.stringify({ sideEffects: ['*.css', './src/web/main.tsx'] }),
  'src/web/main.tsx': "import { OrderPage } from './pages/order-page';\nvoid OrderPage;\n",
  'src/web/features/auth/index.ts': "export { useSession } from './api/get-session';\n",
  'src/web/features/auth/api/get-session.ts': 'export const useSession = () => null;\n',
  'src/web/features/orders/index.ts': "export { OrderView } from './order-view';\n",
  'src/web/features/orders/order-view.tsx': [
    "import { Badge } from '../../components/ui/badge';",
    "import { useSession } from '../auth';",
    'export const OrderView = () => [useSession(), Badge];',
    '',
  ].join('\n'),
  'src/web/components/ui/badge.tsx':
    "import { format } from '../../lib/format';\nexport const Badge = format;\n",
  'src/web/lib/format.ts': 'export const format = (text: string) => text.trim();\n',
  'src/web/pages/order-page.tsx':
    "import { OrderView } from '../features/orders';\nexport const OrderPage = OrderView;\n",
};

describe('check-imports', () => {
  it('finds imports, type imports, export-from and dynamic imports, not commented ones', () => {
    const found = findImports(
      [
        "import type { A } from './a';",
        'import {',
        '  b,',
        '  type C,',
        "} from './b';",
        "export { d } from './d';",
        "export * from './e';",
        "import './f';",
        "const g = await import('./g');",
        "// import { h } from './h';",
        "/* import { i } from './i'; */",
        "const text = 'import { j } from ./j';",
      ].join('\n'),
    );
    expect(found.map((entry) => entry.specifier).sort()).toEqual(['./a', './b', './d', './e', './f', './g']);
    expect(found.find((entry) => entry.specifier === './a')?.typeOnly).toBe(true);
    expect(found.find((entry) => entry.specifier === './b')?.names).toEqual(['b', 'C']);
  });

  it('accepts imports through indexes and foreign keys between schema files', () => {
    const problems = checkImports(tree(clean));
    // app.ts mounting a service file is the one problem of the fixture.
    expect(problems.map((problem) => problem.rule)).toEqual(['wiring-imports-internals']);
  });

  it("reports another module's schema import, a library importing a module, and cycles", () => {
    const root = tree({
      ...clean,
      // menu reads settings' table directly: a cross-module schema import.
      'src/server/modules/menu/menu.service.ts': [
        "import { settings } from '../settings/settings.schema';",
        "import { getSettings } from '../settings';",
        'export const list = () => [settings, getSettings()];',
        '',
      ].join('\n'),
      // settings → menu while menu → settings: a cycle between modules and between files.
      'src/server/modules/settings/settings.service.ts': [
        "import type { list } from '../menu';",
        "import { settings } from './settings.schema';",
        'export const getSettings = () => settings;',
        '',
      ].join('\n'),
      'src/server/modules/menu/index.ts': "export { list } from './menu.service';\n",
      // A library that imports a module.
      'src/server/lib/errors.ts': "import { list } from '../modules/menu';\nexport const notFound = list;\n",
      // A schema file that uses another module's table for more than a reference.
      'src/server/modules/menu/menu.schema.ts': [
        "import { settings } from '../settings/settings.schema';",
        'export const copy = settings;',
        '',
      ].join('\n'),
      'src/server/app.ts': "import { list } from './modules/menu';\n",
    });
    const problems = checkImports(root);
    const messages = problems.map((problem) => `[${problem.rule}] ${problem.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\[module-internals\] src\/server\/modules\/menu\/menu\.service\.ts imports src\/server\/modules\/settings\/settings\.schema\.ts/,
        ),
        expect.stringMatching(/^\[library-imports-module\] src\/server\/lib\/errors\.ts imports/),
        expect.stringMatching(
          /^\[foreign-schema-use\] src\/server\/modules\/menu\/menu\.schema\.ts uses settings/,
        ),
        expect.stringMatching(/^\[file-cycle\] import cycle between files: .*settings\.service\.ts/),
        expect.stringMatching(/^\[module-cycle\] import cycle between modules: menu → settings → menu/),
      ]),
    );
  });

  it('accepts web features used through their indexes, shared code that imports no feature', () => {
    expect(checkImports(tree(cleanWeb)).map((problem) => problem.message)).toEqual([]);
  });

  it("reports a web feature's internals imported from outside, shared code importing a feature, a missing index, a cycle of features and a side effect", () => {
    const root = tree({
      ...cleanWeb,
      // orders reaches into payments; payments uses orders back: a cycle of features.
      'src/web/features/orders/order-view.tsx': [
        "import { useSession } from '../auth';",
        "import { PayDialog } from '../payments/pay-dialog';",
        'export const OrderView = () => [useSession(), PayDialog];',
        '',
      ].join('\n'),
      'src/web/features/payments/index.ts': "export { PayDialog } from './pay-dialog';\n",
      'src/web/features/payments/pay-dialog.tsx': [
        "import type { OrderView } from '../orders';",
        'export const PayDialog = (view: typeof OrderView) => view;',
        '',
      ].join('\n'),
      // A page that skips the index, a widget and a helper that import a feature.
      'src/web/pages/order-page.tsx':
        "import { OrderView } from '../features/orders/order-view';\nexport { OrderView };\n",
      'src/web/components/ui/badge.tsx':
        "import { useSession } from '../../features/auth';\nexport const Badge = useSession;\n",
      'src/web/lib/format.ts':
        "import { useSession } from '../features/auth/api/get-session';\nexport const format = useSession;\n",
      // A feature without its public entry.
      'src/web/features/users/users-list.tsx': 'export const UsersList = () => null;\n',
      // A module that runs something when imported, not named in package.json.
      'src/web/features/cart/cart-store.ts': [
        'export const lines: string[] = [];',
        "window.addEventListener('storage', () => lines.splice(0));",
        '',
      ].join('\n'),
      'src/web/features/cart/index.ts': "export { lines } from './cart-store';\n",
    });
    const messages = checkImports(root).map((problem) => `[${problem.rule}] ${problem.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\[web-feature-internals\] src\/web\/features\/orders\/order-view\.tsx imports src\/web\/features\/payments\/pay-dialog\.tsx: another feature is used only through src\/web\/features\/payments\/index\.ts/,
        ),
        expect.stringMatching(
          /^\[web-feature-internals\] src\/web\/pages\/order-page\.tsx imports src\/web\/features\/orders\/order-view\.tsx/,
        ),
        expect.stringMatching(
          /^\[web-shared-imports-feature\] src\/web\/components\/ui\/badge\.tsx imports src\/web\/features\/auth\/index\.ts/,
        ),
        expect.stringMatching(
          /^\[web-shared-imports-feature\] src\/web\/lib\/format\.ts imports src\/web\/features\/auth\/api\/get-session\.ts/,
        ),
        expect.stringMatching(/^\[web-feature-index\] src\/web\/features\/users has no index\.ts/),
        expect.stringMatching(
          /^\[web-feature-cycle\] import cycle between web features: orders → payments → orders/,
        ),
        expect.stringMatching(
          /^\[web-side-effect\] src\/web\/features\/cart\/cart-store\.ts runs something when imported \(line 2: window\.addEventListener/,
        ),
      ]),
    );
    // The cycle is also one between files; nothing else is reported.
    expect(messages.filter((message) => !message.startsWith('[file-cycle]'))).toHaveLength(7);
  });

  it('tells a statement that runs on import from declarations, comments and strings', () => {
    expect(
      topLevelEffect(
        [
          "import { lazy } from 'react';",
          "export const Page = lazy(() => import('./page'));",
          'export function start() {',
          '  document.title = "x";',
          '}',
          '// setUp();',
          'const text = `',
          'run();',
          '`;',
          'type Handler = () => void;',
          '',
        ].join('\n'),
      ),
    ).toBeNull();
    expect(topLevelEffect("import { a } from './a';\na.count += 1;\n")).toBe('line 2: a.count += 1;');
    expect(topLevelEffect('if (!root) throw new Error();\n')).toBe('line 1: if (!root) throw new Error();');
    expect(topLevelEffect('void start();\n')).toBe('line 1: void start();');
  });

  it('passes on the real tree', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(checkImports(root).map((problem) => problem.message)).toEqual([]);
  });

  it("lists each module's imports in docs/ARCHITECTURE.md as the code has them", () => {
    const root = path.resolve(import.meta.dirname, '..');
    const document = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    // The rows of the module table: | `name` | a, b (or —) | what it owns |
    const documented = new Map(
      [...document.matchAll(/^\| `([a-z-]+)` \| ([^|]*) \|/gm)].map((row) => [
        row[1] ?? '',
        (row[2] ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '' && name !== '—')
          .sort(),
      ]),
    );
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(moduleImports(root)));
  });
});
