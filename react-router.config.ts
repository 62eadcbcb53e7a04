import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // BUILD_DIR lets several checkouts' test runs build side by side; server/web.ts reads the same.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
