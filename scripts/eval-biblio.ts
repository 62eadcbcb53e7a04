import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

// `npm run eval:biblio`: every section of the bibliographic evaluation is its own script in
// scripts/eval/ (header record, reference list, reference fields, citation links, formatting),
// so each can also run alone; this runs them all in name order and fails when any fails.
const folder = path.join(import.meta.dirname, 'eval')
const sections = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('_')).sort()
let failed = 0
for (const section of sections) {
  process.stdout.write(`\n── ${section}\n`)
  const result = spawnSync(process.execPath, [path.join(folder, section), ...process.argv.slice(2)], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
if (sections.length === 0) process.stdout.write('no evaluation sections in scripts/eval/\n')
process.exit(failed === 0 ? 0 : 1)
