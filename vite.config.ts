import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { quietBuildWarnings } from './vite/build-warnings';
import { clientApiCatalogue } from './vite/client-api-catalogue';
import { clientChunks } from './vite/client-chunks';
import { compileHints } from './vite/compile-hints';
import { clientProductionRouter } from './vite/client-production-router';
import { reactSentinelErrors } from './vite/react-sentinel-errors';

export default defineConfig({
  // The browser gets the API catalogue without its zod schemas, and the code every page loads in
  // two chunks instead of twenty (docs/decisions/011), each marked for V8 to compile as it streams
  // in (docs/decisions/084); the bundler's warnings that say nothing actionable stay out of sight
  // unless DEBUG is set (docs/decisions/060); React DOM's load-time errors are built without a
  // stack trace (docs/decisions/086).
  plugins: [
    quietBuildWarnings(),
    clientProductionRouter(),
    reactSentinelErrors(),
    clientApiCatalogue(),
    clientChunks(),
    compileHints(),
    tailwindcss(),
    reactRouter(),
  ],
  build: {
    assetsInlineLimit: 0,
    minify: 'terser',
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 2 },
      format: { comments: false },
    },
  },
});
