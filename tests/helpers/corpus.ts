import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** The shared corpus of real annotated PDFs beside the repository (../shared/corpus). */
export const CORPUS_DIR = process.env.MARGINALIA_CORPUS ?? path.resolve(import.meta.dirname, '../../../shared/corpus')

export function corpusFile(name: string): Promise<Buffer> {
  return readFile(path.join(CORPUS_DIR, 'annotated', name))
}
