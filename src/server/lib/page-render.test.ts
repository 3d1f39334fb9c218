import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../shared/contracts/config';
import type { PublicMenu } from '../../shared/contracts/menu';
import { COOKIE_CHOICE_SCRIPT } from '../../shared/cookie-consent';
import {
  APP_LOADER_SCRIPT,
  fillTemplate,
  INLINE_SCRIPT_SOURCES,
  PageRenderer,
  pageDescription,
  tableOfQuery,
} from './page-render';

const TEMPLATE = `<!doctype html><html><head>
<meta name="description" content="Brigade: restaurant and cafe management" />
<title>Brigade</title><script type="module" crossorigin src="/assets/index.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>`;

function menuNamed(name: string, categories: PublicMenu['categories'] = []): PublicMenu {
  return {
    restaurant: {
      name,
      address: '12 Market Street\nPortland',
      phone: '',
      email: '',
      logoUrl: null,
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'UTC',
      onlineOrdering: true,
      openingHours: {},
      pricing: {
        taxPercent: 0,
        taxInclusive: false,
        serviceChargePercent: 0,
        deliveryFee: 0,
        deliveryMinimum: 0,
      },
    },
    categories,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const config = { restaurantName: 'x', baseUrl: 'https://cafe.example' } as PublicConfig;

describe('the rendered home page', () => {
  it('carries the restaurant in the title and meta tags, escaped, and its data where no script can break out', () => {
    const menu = menuNamed('Tom & Jerry’s <Cafe>', [
      {
        id: 'c1',
        name: 'Coffee',
        description: '',
        items: [
          {
            id: 'i1',
            name: 'Flat </script><script>alert(1)</script>',
            description: '',
            price: 450,
            photoUrl: null,
            availableToday: true,
            tags: [],
            allergens: [],
            modifierGroups: [],
          },
        ],
      },
    ]);
    const html = fillTemplate(TEMPLATE, '<main>menu</main>', { config, menu, renderedAt: 1 });
    expect(html).toContain('<title>Tom &#38; Jerry’s &#60;Cafe&#62;</title>');
    expect(html).toContain(
      '<meta name="description" content="Tom &#38; Jerry’s &#60;Cafe&#62;: coffee. 12 Market Street, Portland. See the menu and order online." />',
    );
    expect(html).toContain('<meta property="og:title" content="Tom &#38; Jerry’s &#60;Cafe&#62;" />');
    expect(html).not.toContain('Brigade: restaurant and cafe management');
    expect(html).toContain('<div id="root"><main>menu</main></div>');
    // The script end tags are the page's own (the cookie choice's, the data's, the module's, the loader's):
    // the data's `</script>` is written as \u003c/script>.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    const data = html.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(data).menu.categories[0].items[0].name).toBe('Flat </script><script>alert(1)</script>');
  });

  it('runs the cookie choice’s script first in the head, allowed by the CSP through its hash', () => {
    const html = fillTemplate(TEMPLATE, '<section data-cookie-banner="">…</section>', {
      config,
      menu: menuNamed('Corner'),
      renderedAt: 1,
    });
    const head = html.slice(0, html.indexOf('</head>'));
    const inline = `<script>${COOKIE_CHOICE_SCRIPT}</script>`;
    expect(head).toContain(inline);
    // Before the app's module and the stylesheet, which an inline script would otherwise wait for.
    expect(head.indexOf(inline)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    // Two inline scripts, each allowed by the hash of its exact text: this one and the app's loader.
    expect(html.match(/<script>/g)).toHaveLength(2);
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(INLINE_SCRIPT_SOURCES).toEqual([hash(COOKIE_CHOICE_SCRIPT), hash(APP_LOADER_SCRIPT)]);
  });

  it('keeps the app’s scripts inert until its loader, at the end of the body, starts them', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/home-page.js"></head>',
    );
    const html = fillTemplate(template, '<main>menu</main>', {
      config,
      menu: menuNamed('Corner'),
      renderedAt: 1,
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('/assets/index.js');
    expect(head).not.toContain('modulepreload');
    // The stylesheet, which the first paint waits for, stays where it was.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain(
      '<template id="app-scripts"><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/home-page.js"></template>',
    );
    const end = html.slice(html.indexOf('<template id="app-scripts">'));
    expect(end).toMatch(
      new RegExp(
        `^<template id="app-scripts">.*</template>\\s*<script>${escapeRegExp(APP_LOADER_SCRIPT)}</script>\\s*</body>`,
      ),
    );
  });

  it('keeps a `$` in the restaurant’s and the dishes’ names as written', () => {
    const menu = menuNamed("Cafe $& $' $1");
    const html = fillTemplate(TEMPLATE, '<p>Espresso $&</p>', { config, menu, renderedAt: 1 });
    expect(html).toContain('<title>Cafe $&#38; $&#39; $1</title>');
    expect(html).toContain('<meta property="og:title" content="Cafe $&#38; $&#39; $1" />');
    expect(html).toContain('<div id="root"><p>Espresso $&</p></div>');
  });

  it('describes a restaurant without categories or ordering plainly', () => {
    const menu = menuNamed('Corner');
    menu.restaurant.onlineOrdering = false;
    menu.restaurant.address = '';
    expect(pageDescription(menu)).toBe('Corner. See the menu.');
  });

  it('takes a table name from the link, and nothing implausible', () => {
    expect(tableOfQuery(new URLSearchParams('table=%20T5%20'))).toBe('T5');
    expect(tableOfQuery(new URLSearchParams('other=1'))).toBe('');
    expect(tableOfQuery(new URLSearchParams(`table=${'x'.repeat(41)}`))).toBe('');
  });
});

describe('PageRenderer', () => {
  afterEach(() => vi.useRealTimers());

  function renderModule(body: string): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'brigade-ssr-')), 'render-page.mjs');
    writeFileSync(file, body);
    return file;
  }

  it('renders once per version and table, keeps only the current versions, and answers from memory', async () => {
    const module = renderModule(
      'let n = 0; export async function renderPage(url, data) { n += 1; return "<p>" + [n, url, data.menu.restaurant.name].join(" ") + "</p>"; }',
    );
    let version = '1.1';
    let loads = 0;
    const renderer = new PageRenderer({
      ssrModule: module,
      template: TEMPLATE,
      versions: () => version,
      load: async () => {
        loads += 1;
        return { config, menu: menuNamed(`Cafe v${version}`) };
      },
    });
    expect(renderer.current('')).toBeUndefined();
    const [first, again] = await Promise.all([renderer.page(''), renderer.page('')]);
    expect(first).toBe(again);
    expect(loads).toBe(1);
    expect(first?.body.toString()).toContain('<p>1 http://localhost/ Cafe v1.1</p>');
    expect(renderer.current('')).toBe(first);
    const table = await renderer.page('T5');
    expect(table?.body.toString()).toContain('<p>2 http://localhost/?table=T5 Cafe v1.1</p>');
    expect(table?.etag).not.toBe(first?.etag);

    version = '2.1';
    expect(renderer.current('')).toBeUndefined();
    const second = await renderer.page('');
    expect(second?.body.toString()).toContain('Cafe v2.1');
    version = '1.1';
    // The old version's renders were dropped when the new one was made.
    expect(renderer.current('T5')).toBeUndefined();
  });

  it('keeps a render while the restaurant’s clock shows the same, and renders again when it turns', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Open on Mondays 09:00–17:00 UTC; 2026-11-30 is a Monday.
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
    const module = renderModule(
      'export async function renderPage(url, data) { return "<p>rendered at " + new Date(data.renderedAt).toISOString() + "</p>"; }',
    );
    const menu = menuNamed('Cafe');
    menu.restaurant.openingHours = { mon: [{ open: '09:00', close: '17:00' }] };
    const renderer = new PageRenderer({
      ssrModule: module,
      template: TEMPLATE,
      versions: () => '1',
      load: async () => ({ config, menu }),
    });
    const open = await renderer.page('');
    expect(open?.body.toString()).toContain('rendered at 2026-11-30T10:00:00.000Z');
    // Later the same morning it is still open: the same render.
    vi.setSystemTime(new Date('2026-11-30T16:59:00Z'));
    expect(renderer.current('')).toBe(open);
    // Closed from 17:00: that render says "Open now" no more, so it is made again, at the new moment.
    vi.setSystemTime(new Date('2026-11-30T17:00:00Z'));
    expect(renderer.current('')).toBeUndefined();
    const closed = await renderer.page('');
    expect(closed?.body.toString()).toContain('rendered at 2026-11-30T17:00:00.000Z');
    vi.setSystemTime(new Date('2026-11-30T17:20:00Z'));
    expect(renderer.current('')).toBe(closed);
  });

  it('gives null (the plain app page) when the render fails or there is no server build', async () => {
    const failing = new PageRenderer({
      ssrModule: renderModule('export async function renderPage() { throw new Error("broken"); }'),
      template: TEMPLATE,
      versions: () => '1',
      load: async () => ({ config, menu: menuNamed('Cafe') }),
    });
    expect(await failing.page('')).toBeNull();
    const missing = new PageRenderer({
      ssrModule: '/nonexistent/render-page.js',
      template: TEMPLATE,
      versions: () => '1',
      load: async () => ({ config, menu: menuNamed('Cafe') }),
    });
    expect(missing.available).toBe(false);
    expect(await missing.page('')).toBeNull();
  });
});
