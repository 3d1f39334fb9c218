import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports, findImports, moduleImports } from './check-imports';

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
