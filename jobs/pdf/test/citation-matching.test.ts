/** The bar: at least 90 % of the in-text citations in the corpus papers matched to the right entry. */
import path from 'node:path'
import { expect, it } from 'vitest'
import { scorePaper } from './citation-eval.ts'
import { corpusFiles } from './corpus.ts'

it('matches at least 90 % of in-text citations in the corpus papers to the right reference entry', async () => {
  let citations = 0
  let right = 0
  const report: string[] = []
  for (const file of corpusFiles('papers')) {
    const score = await scorePaper(file)
    citations += score.citations
    right += score.right
    if (score.wrong.length > 0) report.push(`${path.basename(file)}: ${score.wrong.join('; ')}`)
  }
  expect(citations).toBeGreaterThan(200)
  expect(right / citations, report.join('\n')).toBeGreaterThanOrEqual(0.9)
}, 120_000)
