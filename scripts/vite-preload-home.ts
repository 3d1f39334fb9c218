import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The module `/` renders (relative to Vite's root, src/web); its chunk is lazy, one per page. */
const HOME_PAGE_MODULE = 'pages/home-page.tsx';

/**
 * Adds `<link rel="modulepreload">` for the home page's chunk (and the chunks it imports) to the built
 * index.html. The router loads each page lazily, so without it the browser learns of the home page
 * only after the entry has run: one round trip of blank page (or spinner) on every guest's first
 * visit. The link lets the download start with the entry's. Other pages stay lazy.
 */
export function preloadHomePage(): Plugin {
  let root = '';
  return {
    name: 'brigade-preload-home-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        const target = path.resolve(root, HOME_PAGE_MODULE);
        const home = chunks.find((chunk) => chunk.facadeModuleId === target);
        if (!home) throw new Error(`preloadHomePage: no chunk for ${HOME_PAGE_MODULE}`);
        const entry = chunks.find((chunk) => chunk.isEntry);
        // The entry's own imports are preloaded by Vite already.
        const preloaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const wanted = [home.fileName, ...home.imports].filter((file) => !preloaded.has(file));
        return wanted.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
