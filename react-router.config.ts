import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // Ship the whole route manifest with the page: idle prefetching of the header/menu routes
  // (<PrefetchPageLinks>) must match static routes, not the `:username` catch-all it would match
  // before lazy discovery found them. The manifest is small (a few KB gzipped).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
