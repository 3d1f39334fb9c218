import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicConfig } from '../../shared/contracts/config';
import type { PublicMenu } from '../../shared/contracts/menu';
import { COOKIE_CHOICE_SCRIPT } from '../../shared/cookie-consent';
import { clockFace, clockFaceKey } from '../../shared/pickup-times';
import type { Logger } from './logger';

/**
 * `/` rendered on the server: the restaurant's header and menu arrive as HTML, so a phone
 * shows them before the JavaScript has loaded, and the browser hydrates that HTML instead of drawing it
 * again. The render (`src/web/ssr/render-page.tsx`, built into `dist/ssr/render-page.js`) is the web
 * app's own, fed the answers of `/api/config` and `/api/menu/public`, and is made once per version of
 * the menu and the settings (the live topics): every later request of that version is answered from
 * memory (the fast lane serves it and its 304), like the menu JSON. A page that cannot be rendered (no
 * server build, an error) falls back to the plain app page, which renders in the browser.
 */

interface PageData {
  config: PublicConfig;
  menu: PublicMenu;
  renderedAt: number;
}

type RenderPage = (url: string, data: PageData) => Promise<string>;

export interface RenderedPage {
  /** Which versions it was made from (`pageKey`). */
  key: string;
  body: Buffer;
  /** Brotli and gzip copies, made once per render: the page is 150 kB of HTML and data, 20 kB compressed. */
  br: Buffer;
  gzip: Buffer;
  /** Strong, quoted. */
  etag: string;
}

export interface PageRendererOptions {
  /** dist/ssr/render-page.js. */
  ssrModule: string;
  /** The built index.html. */
  template: string;
  /** The current versions of what the page shows (menu and settings topics). */
  versions: () => string;
  /** `/api/config` and `/api/menu/public` as the app answers them now. */
  load: () => Promise<{ config: PublicConfig; menu: PublicMenu }>;
  logger?: Logger;
}

/** The longest table name a QR link may carry into the render (longer ones are no table of ours). */
const MAX_TABLE_NAME = 40;
/** Renders kept at once: one per table of a link, for the current versions. */
const MAX_KEPT = 200;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON that can sit inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** "Corner Cafe: coffee, breakfast, sandwiches. 12 Market Street. Order online." from the menu. */
export function pageDescription(menu: PublicMenu): string {
  const categories = menu.categories
    .filter((category) => category.items.length > 0)
    .map((category) => category.name.toLocaleLowerCase(menu.restaurant.locale));
  const parts = [menu.restaurant.name];
  let text = categories.length > 0 ? `${parts[0]}: ${categories.slice(0, 5).join(', ')}.` : `${parts[0]}.`;
  if (menu.restaurant.address) text += ` ${menu.restaurant.address.replace(/\s*\n\s*/g, ', ')}.`;
  text += menu.restaurant.onlineOrdering ? ' See the menu and order online.' : ' See the menu.';
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The table a `/?table=T5` link names (trimmed), or '' for none or an implausible one. */
export function tableOfQuery(search: URLSearchParams): string {
  const name = search.get('table')?.trim() ?? '';
  return name.length <= MAX_TABLE_NAME ? name : '';
}

/** The built page's own script tags: the app's entry and the modules it preloads. */
const APP_SCRIPT_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * The inline script at the end of a rendered page that starts the app once the page is painted: the
 * page is complete without it, so the app's scripts (kept inert in `<template id="app-scripts">`) are
 * fetched after the first paint rather than sharing a phone's first seconds of network with the
 * stylesheet and the HTML. A hidden tab paints nothing, so it starts the app at once.
 */
export const APP_LOADER_SCRIPT = `(function(){var t=document.getElementById("app-scripts"),s=0;function go(){if(s||!t)return;s=1;document.head.appendChild(document.importNode(t.content,true))}if(document.visibilityState==="hidden")go();else{document.addEventListener("visibilitychange",go);requestAnimationFrame(function(){setTimeout(go,0)})}})()`;

const scriptSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The CSP sources that allow the inline scripts of a rendered page, each by the hash of its exact
 * text: the cookie choice's (shared/cookie-consent.ts) and the app's loader. No other inline script runs.
 */
export const INLINE_SCRIPT_SOURCES = [scriptSource(COOKIE_CHOICE_SCRIPT), scriptSource(APP_LOADER_SCRIPT)];

export function fillTemplate(template: string, rootHtml: string, data: PageData): string {
  const name = escapeHtml(data.menu.restaurant.name);
  const description = escapeHtml(pageDescription(data.menu));
  const meta = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${name}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:site_name" content="${name}" />`,
    ...(data.menu.restaurant.logoUrl
      ? [
          `<meta property="og:image" content="${escapeHtml(`${data.config.baseUrl}${data.menu.restaurant.logoUrl}`)}" />`,
        ]
      : []),
  ].join('\n    ');
  const appScripts = (template.match(APP_SCRIPT_TAGS) ?? []).map((tag) => tag.trim()).join('');
  // Replaced by functions: a `$&` or `$'` in a restaurant's or a dish's name is text, not a pattern.
  return (
    template
      .replace(APP_SCRIPT_TAGS, '')
      .replace(/<meta name="description"[^>]*>/, () => meta)
      // The cookie choice's script before the stylesheet: it must run before the body (and its banner)
      // is parsed, and a script after a stylesheet would wait for it.
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${name}</title>\n    <script>${COOKIE_CHOICE_SCRIPT}</script>`,
      )
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${rootHtml}</div>\n    <script type="application/json" id="page-data">${scriptSafeJson(data)}</script>`,
      )
      .replace(
        '</body>',
        () =>
          `  <template id="app-scripts">${appScripts}</template>\n    <script>${APP_LOADER_SCRIPT}</script>\n  </body>`,
      )
  );
}

export class PageRenderer {
  private readonly kept = new Map<string, RenderedPage>();
  private readonly pending = new Map<string, Promise<RenderedPage | null>>();
  private renderModule: Promise<RenderPage | null> | undefined;
  private failedAt = 0;
  /** The restaurant of the latest render: its hours and time zone decide what the clock shows. */
  private restaurant: PublicMenu['restaurant'] | null = null;
  private face: { minute: number; restaurant: PublicMenu['restaurant']; key: string } | null = null;

  constructor(private readonly options: PageRendererOptions) {}

  /** Whether a server build exists to render with. */
  get available(): boolean {
    return existsSync(this.options.ssrModule);
  }

  /** The versions and the year a page is of; a render of another prefix is never served again. */
  private prefix(): string {
    // The footer shows the year, so a page of last year is not served this year.
    return `${this.options.versions()}|${new Date().getFullYear()}|`;
  }

  /**
   * What the page shows of the restaurant's clock at `now` (today, open or not, the closed notice), by
   * the hours of the latest render; worked out once a minute.
   */
  private faceAt(now: Date): string {
    const minute = Math.floor(now.getTime() / 60_000);
    if (!this.restaurant) return '';
    if (this.face?.minute !== minute || this.face.restaurant !== this.restaurant) {
      this.face = { minute, restaurant: this.restaurant, key: clockFaceKey(clockFace(this.restaurant, now)) };
    }
    return this.face.key;
  }

  private keyFor(table: string, now = new Date()): string {
    return `${this.prefix()}${table}|${this.faceAt(now)}`;
  }

  /** The page for this table at the current versions if it is made already (the fast lane). */
  current(table: string): RenderedPage | undefined {
    return this.kept.get(this.keyFor(table));
  }

  /** The page for this table at the current versions, made now if needed; null when it cannot be. */
  async page(table: string): Promise<RenderedPage | null> {
    const key = this.keyFor(table);
    const kept = this.kept.get(key);
    if (kept) return kept;
    // After a failure, the plain page is served for a while rather than failing on every request.
    if (Date.now() - this.failedAt < 30_000) return null;
    let made = this.pending.get(key);
    if (!made) {
      made = this.make(table).finally(() => this.pending.delete(key));
      this.pending.set(key, made);
    }
    return made;
  }

  private loadRender(): Promise<RenderPage | null> {
    this.renderModule ??= (async () => {
      if (!this.available) return null;
      const module = (await import(pathToFileURL(this.options.ssrModule).href)) as { renderPage: RenderPage };
      return module.renderPage;
    })();
    return this.renderModule;
  }

  private async make(table: string): Promise<RenderedPage | null> {
    try {
      const render = await this.loadRender();
      if (!render) return null;
      // The versions as they were before reading: a change meanwhile makes the next request render again.
      const prefix = this.prefix();
      const { config, menu } = await this.options.load();
      this.restaurant = menu.restaurant;
      // Rendered at this moment and kept for as long as the restaurant's clock shows what it shows now.
      const now = new Date();
      const key = `${prefix}${table}|${this.faceAt(now)}`;
      const data: PageData = { config, menu, renderedAt: now.getTime() };
      const url = new URL('http://localhost/');
      if (table) url.searchParams.set('table', table);
      const html = fillTemplate(this.options.template, await render(url.href, data), data);
      const body = Buffer.from(html);
      const etag = `"page-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const page: RenderedPage = {
        key,
        body,
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(body, { level: 9 }),
        etag,
      };
      // Renders of older versions are never served again.
      for (const old of this.kept.keys()) if (!old.startsWith(prefix)) this.kept.delete(old);
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(key, page);
      return page;
    } catch (error) {
      this.failedAt = Date.now();
      this.options.logger?.error(
        { err: error },
        'rendering the home page failed; serving the plain app page',
      );
      return null;
    }
  }
}
