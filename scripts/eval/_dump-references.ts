// Tool (not an eval section): prints each PDF's reference entries and highlight citations as the engine finds them.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { extractFromBytes } from '../../jobs/pdf/extract.ts'

for (const file of process.argv.slice(2)) {
  const x = await extractFromBytes(new Uint8Array(readFileSync(file)), { style: 'apa' }, { withCitation: false })
  process.stdout.write(`\n## ${path.basename(file)} pages=${x.pageCount} entries=${x.references.length}\n`)
  for (const r of x.references) process.stdout.write(`  ${r.label ?? '-'} | ${r.raw.slice(0, 70)}\n`)
  for (const a of x.annotations) if (a.citations.length) process.stdout.write(`  HL p${a.page}: ${a.citations.map((c) => `${c.text}→${c.referenceIndex}`).join(', ')} :: ${a.text?.slice(0, 100)}\n`)
}
