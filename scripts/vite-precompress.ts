import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; source maps are fetched by developers only, and stay as they are. */
const COMPRESSIBLE = /\.(?:js|css|svg|html|json|txt)$/;
/** Below this, the headers of an encoded answer outweigh what it saves. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, at the
 * highest settings: compressed once at build time, served as they are by `serveStatic`'s
 * `precompressed` option, so no request pays for compression and a phone downloads a fraction.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'brigade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        // The file as written (with its source-map comment), byte for byte what is served.
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}
