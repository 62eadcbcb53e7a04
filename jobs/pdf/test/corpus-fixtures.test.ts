/**
 * Every annotated corpus file against its reviewed expectation file in tests/fixtures/extraction
 * (type, page, page label, colour, exact text after collapsing white space, comment, replies),
 * and every corpus file through the engine without a crash.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import type { Annotation } from '../types.ts'
import { corpusFiles, FIXTURES_DIR } from './corpus.ts'

type Expected = {
  type: string
  page: number
  pageLabel: string | null
  color: string | null
  text: string | null
  comment: string | null
  replacement?: string
  replies?: { author: string | null; comment: string }[]
}

const collapse = (text: string | null) => (text === null ? null : text.replace(/\s+/g, ' ').trim())

function view(a: Annotation | Expected) {
  return {
    type: a.type,
    page: a.page,
    pageLabel: a.pageLabel,
    color: a.color,
    text: collapse(a.text),
    comment: a.comment,
    replacement: a.replacement ?? null,
    replies: (a.replies ?? []).map((r) => ({ author: r.author, comment: r.comment })),
  }
}

function canonical(views: ReturnType<typeof view>[]) {
  return views.map((v) => [v.page, JSON.stringify(v)] as const).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])).map(([, json]) => JSON.parse(json) as unknown)
}

describe('annotated corpus matches the reviewed expectations', () => {
  for (const file of corpusFiles('annotated')) {
    const name = path.basename(file)
    it(name, async () => {
      const expected = JSON.parse(readFileSync(path.join(FIXTURES_DIR, name.replace(/\.pdf$/, '.json')), 'utf8')) as { annotations: Expected[] }
      const extraction = await extractFromBytes(new Uint8Array(readFileSync(file)), { style: 'apa' })
      // Within a page the fixtures keep the file's /Annots order while the engine sorts into
      // reading order (tested in reading-order.test.ts), so compare each page as a set.
      expect(canonical(extraction.annotations.map(view))).toEqual(canonical(expected.annotations.map(view)))
      expect(() => JSON.parse(JSON.stringify(extraction))).not.toThrow()
    })
  }
})

describe('papers go through without a crash', () => {
  for (const file of corpusFiles('papers')) {
    it(path.basename(file), async () => {
      const extraction = await extractFromBytes(new Uint8Array(readFileSync(file)), { style: 'apa' })
      expect(extraction.pageCount).toBeGreaterThan(0)
      expect(extraction.annotations).toEqual([])
      expect(extraction.metadata.title).toBeTruthy()
    })
  }
})
