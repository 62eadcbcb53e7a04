import { pageLabel } from './model.ts'
import type { OutputLabels } from './output-labels.ts'
import { shortCitation, type OutputAnnotation, type OutputDocument } from './paper.ts'

export interface SynthesisEntry {
  document: OutputDocument
  cite: string
  annotation: OutputAnnotation
}

export interface SynthesisCategory {
  name: string
  entries: SynthesisEntry[]
}

/** Every category across the batch's papers, in category order; within one, paper by paper, page by page. */
export function synthesize(documents: OutputDocument[], labels: OutputLabels): SynthesisCategory[] {
  const byName = new Map<string, { order: number; entries: SynthesisEntry[] }>()
  for (const document of documents) {
    const cite = shortCitation(document, labels.noDate)
    for (const annotation of document.annotations) {
      if (!annotation.categoryName || !annotation.text) continue
      const group = byName.get(annotation.categoryName) ?? { order: annotation.categoryOrder ?? 0, entries: [] }
      group.entries.push({ document, cite, annotation })
      byName.set(annotation.categoryName, group)
    }
  }
  return [...byName.entries()]
    .sort((a, b) => a[1].order - b[1].order || a[0].localeCompare(b[0]))
    .map(([name, group]) => ({ name, entries: group.entries }))
}

/** "(Smith et al., 2020, p. 5)" */
export function entryCitation(entry: SynthesisEntry, labels: OutputLabels): string {
  return `(${entry.cite}, ${labels.page} ${pageLabel(entry.annotation)})`
}
