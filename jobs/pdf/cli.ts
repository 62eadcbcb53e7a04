/**
 * npm run --silent extract -- FILE.pdf [--style apa|mla|chicago|harvard|ieee|vancouver] [--json]
 *
 * Readable text by default; --json prints the Extraction and nothing else on stdout.
 * Exit code 0 on success, 2 on a usage error, 1 when the PDF could not be read (the
 * researcher-facing message goes to stderr, or as {"error": {...}} with --json).
 */
import { readFile } from 'node:fs/promises'
import { CITATION_STYLES, closeExtractionWorkers, ExtractionError, extractPdf } from './index.ts'
import type { CitationStyle, Extraction } from './index.ts'

const USAGE = `usage: npm run --silent extract -- FILE.pdf [--style ${CITATION_STYLES.join('|')}] [--json]`

function parseArgs(argv: string[]): { file: string; style: CitationStyle; json: boolean } | string {
  let file: string | null = null
  let style: CitationStyle = 'apa'
  let json = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--json') json = true
    else if (arg === '--style' || arg.startsWith('--style=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]
      if (!CITATION_STYLES.includes(value as CitationStyle)) return `unknown style "${value}"\n${USAGE}`
      style = value as CitationStyle
    } else if (arg === '--help' || arg === '-h') return USAGE
    else if (arg.startsWith('-')) return `unknown option "${arg}"\n${USAGE}`
    else if (file === null) file = arg
    else return `only one file at a time\n${USAGE}`
  }
  return file ? { file, style, json } : USAGE
}

export function renderText(extraction: Extraction): string {
  const out: string[] = []
  const { metadata } = extraction
  out.push(metadata.title ?? '(untitled)')
  if (metadata.authors.length) out.push(metadata.authors.map((a) => [a.given, a.family].filter(Boolean).join(' ')).join(', '))
  if (extraction.citation) out.push('', `Citation (${extraction.style}): ${extraction.citation}`)
  out.push('', `${extraction.pageCount} page(s), ${extraction.annotations.length} annotation(s)${extraction.colors.length ? `, colours ${extraction.colors.join(' ')}` : ''}`)
  for (const a of extraction.annotations) {
    const page = a.pageLabel && a.pageLabel !== String(a.page) ? `p. ${a.pageLabel} (${a.page})` : `p. ${a.page}`
    out.push('', `[${a.type}] ${page}${a.color ? ` ${a.color}` : ''}${a.author ? ` — ${a.author}` : ''}`)
    if (a.text) out.push(`  “${a.text}”`)
    if (a.replacement) out.push(`  → replace with: ${a.replacement}`)
    else if (a.comment) out.push(`  ${a.comment.replace(/\n/g, '\n  ')}`)
    for (const r of a.replies) out.push(`  ↳ ${r.author ? `${r.author}: ` : ''}${r.comment}`)
    for (const c of a.citations) out.push(`  cites ${c.text}${c.referenceIndex !== null ? ` → reference ${c.referenceIndex + 1} (${c.confidence})` : ''}${c.url ? ` ${c.url}` : ''}`)
  }
  if (extraction.references.length) {
    out.push('', `References (${extraction.references.length}):`)
    for (const r of extraction.references) out.push(`  ${r.label ? `[${r.label}] ` : `${r.index + 1}. `}${r.raw}`)
  }
  for (const w of extraction.warnings) out.push('', `warning: ${w}`)
  return out.join('\n')
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2))
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`)
    return args === USAGE && process.argv.includes('--help') ? 0 : 2
  }
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await readFile(args.file))
  } catch (error) {
    process.stderr.write(`cannot read ${args.file}: ${(error as Error).message}\n`)
    return 2
  }
  try {
    const extraction = await extractPdf(bytes, { style: args.style })
    process.stdout.write(args.json ? `${JSON.stringify(extraction, null, 2)}\n` : `${renderText(extraction)}\n`)
    return 0
  } catch (error) {
    const failure = error instanceof ExtractionError ? error : new ExtractionError('internal', String(error))
    if (args.json) process.stdout.write(`${JSON.stringify({ error: failure.toJSON() })}\n`)
    process.stderr.write(`${failure.message}\n`)
    return 1
  } finally {
    await closeExtractionWorkers()
  }
}

process.exitCode = await main()
