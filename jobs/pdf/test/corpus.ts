/** Where the shared test corpus lives (../shared/corpus next to the repository), overridable for other machines. */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const CORPUS_DIR = process.env.MARGINALIA_CORPUS ?? path.resolve(repoRoot, '../shared/corpus')
export const FIXTURES_DIR = path.join(repoRoot, 'tests/fixtures/extraction')

export function corpusFiles(subdir: 'annotated' | 'papers'): string[] {
  const dir = path.join(CORPUS_DIR, subdir)
  if (!existsSync(dir)) throw new Error(`Test corpus not found at ${dir}; set MARGINALIA_CORPUS to the corpus directory.`)
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => path.join(dir, f))
}
