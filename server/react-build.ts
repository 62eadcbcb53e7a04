import { createRequire } from 'node:module'

/**
 * Which React build this process has loaded, read from the CommonJS module cache: React picks its
 * development or production files by NODE_ENV when first loaded, and the development build renders
 * several times slower, so start-up reports it and a test checks the start scripts load production.
 */
export function loadedReactBuild(): 'production' | 'development' | 'not loaded' {
  // Node also lists files it only read for their export names (both branches of React's index.js);
  // only a `loaded` module has run.
  const files = Object.entries(createRequire(import.meta.url).cache)
    .filter(([, module]) => module?.loaded)
    .map(([file]) => file)
  if (files.some((file) => /[\\/]react(?:-dom)?[\\/]cjs[\\/][^\\/]*\.development\.js$/.test(file))) return 'development'
  if (files.some((file) => /[\\/]react(?:-dom)?[\\/]cjs[\\/][^\\/]*\.production\.js$/.test(file))) return 'production'
  return 'not loaded'
}
