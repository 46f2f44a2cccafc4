import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The import aliases of the app and its tests: `@` is src/; `@flags` is the folder of
 * country-flag-icons' 3:2 SVG flags wherever npm put the package (src/components/country-flag.tsx).
 */
export const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@flags': path.join(path.dirname(require.resolve('country-flag-icons/package.json')), '3x2'),
};
