/** Finding the reference list and splitting it into entries: one test per failure class. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import type { TextLine } from '../page-text.ts'
import { findReferences, isReferenceHeading } from '../references.ts'
import { CORPUS_DIR } from './corpus.ts'
import { buildPdf } from './make-pdf.ts'

const at = (text: string, x: number, y: number, page = 9, size = 9): TextLine => ({ text, x, y, page, size, fontName: 'f' })

describe('reference heading', () => {
  it('is recognised in the common languages of science, numbered or letter-spaced', () => {
    for (const heading of ['References', 'REFERENCES', '7. References', 'VII. REFERENCES', 'R E F E R E N C E S', 'Bibliography', 'Literature Cited', 'Works Cited', 'Referencias', 'Referencias bibliográficas', 'Referências', 'REFERÊNCIAS BIBLIOGRÁFICAS', 'Bibliografia', 'Bibliografía', 'Literatur', 'Literaturverzeichnis', 'Bibliographie', 'Références', 'Литература', 'Список литературы', '参考文献', 'Riferimenti bibliografici', 'Notes and References', 'Reference List', 'Bibliographic references']) {
      expect(isReferenceHeading(heading), heading).toBe(true)
    }
  })

  it('is not a sentence that mentions references', () => {
    for (const text of ['References to prior work are given below and discussed', 'In the literature', 'Sources of error']) expect(isReferenceHeading(text), text).toBe(false)
  })
})

/** A short Spanish list followed by another section. */
const listEndingWith = (end: string) => [
  at('Referencias', 72, 500, 9, 11),
  at('1. García, J. (2019). Un estudio. Revista, 3, 1–9.', 72, 480),
  at('2. Pérez, M. (2020). Otro estudio. Revista, 4, 2–8.', 72, 470),
  at(end, 72, 450, 9, 11),
  at('3. Tabla suplementaria con datos del estudio.', 72, 430),
]

describe('reference list boundaries', () => {
  it('stops at an appendix or supplementary material, in other languages too', () => {
    for (const end of ['Appendix A', 'Supplementary Material', 'Supporting Information', 'Anexo 1', 'Anhang']) expect(findReferences(listEndingWith(end)), end).toHaveLength(2)
  })

  it('finds a numbered list without a heading at the end of the paper (REVTeX)', () => {
    const lines = [
      at('1. We thank the referee for comments.', 72, 600),
      at('This work was supported by grant 2018-123.', 72, 590),
      at('[1] A. Einstein, Ann. Phys. 17, 891 (1905).', 72, 560),
      at('[2] P. A. M. Dirac, Proc. R. Soc. A 117, 610', 72, 550),
      at('(1928).', 82, 540),
      at('[3] R. P. Feynman, Phys. Rev. 76, 749 (1949).', 72, 530),
    ]
    const references = findReferences(lines)
    expect(references.map((r) => r.label)).toEqual(['1', '2', '3'])
    expect(references[1].raw).toBe('P. A. M. Dirac, Proc. R. Soc. A 117, 610 (1928).')
  })

  it('keeps an entry line that has the shape of a line on another page (not a running head)', () => {
    const lines = [
      at('References', 72, 700, 7, 11),
      at('Running Head of the Journal 7', 72, 760, 7),
      at('Smith, J. (2004). Lifestyle and dementia. Lancet Neurology, 3,', 72, 680, 7),
      at('343–353. doi:10.1016/S1474-4422(04)00767-7.', 84, 670, 7),
      at('Jones, K. (2006). Glucocorticoids. Journal of Neuroscience, 26,', 72, 660, 7),
      at('9047–9056. doi:10.1523/JNEUROSCI.2797-06.2006.', 84, 650, 7),
      at('Running Head of the Journal 8', 72, 760, 8),
      at('Lee, A. (2008). Stress. Brain, 133, 2217–2224.', 72, 700, 8),
      at('doi:10.1016/S1474-4422(08)00712-2.', 84, 690, 8),
      at('Park, B. (2009). Aging. Brain, 134, 1–2.', 72, 680, 8),
    ]
    const references = findReferences(lines)
    expect(references.map((r) => r.raw.slice(0, 5))).toEqual(['Smith', 'Jones', 'Lee, ', 'Park,'])
    expect(references[0].raw).toContain('343–353')
  })
})

describe('splitting entries', () => {
  it('starts an entry at hyphenated initials ("Nilsson, L-G.")', () => {
    const lines = [
      at('References', 72, 500, 9, 11),
      at('Motomura, N. and Seo, T. (1998). Premorbid behavior. Neuroscience, 95, 167–172.', 72, 480),
      at('Nilsson, L-G. et al. (1997). The Betula cohort study. Aging, 4, 1–32.', 72, 470),
      at('Nilsson, L-G., Adolfsson, R. and Nyberg, L. (2004). Betula: a', 72, 460),
      at('prospective cohort study. Aging, 11, 134–148.', 84, 450),
    ]
    expect(findReferences(lines).map((r) => r.year)).toEqual([1998, 1997, 2004])
  })

  it('splits a list without hanging indent: organisations spelt out in brackets, places are not authors', () => {
    const lines = [
      at('R E F E R E N C E S', 327, 500, 4, 9),
      at('FAO [Food and Agriculture Organization of the United Nations]. nd. Indicator', 327, 480, 4, 7),
      at('15.4.2—Mountain green cover index. http://www.fao.org/sdg/; accessed', 327, 472, 4, 7),
      at('on 6 September 2021.', 327, 464, 4, 7),
      at('MPS [Mountain Partnership Secretariat]. 2021. Including Mountains in the CBD', 327, 456, 4, 7),
      at('Post-2020 Global Biodiversity Framework.', 327, 448, 4, 7),
      at('Rome, Italy: MPS. http://www.fao.org/mountain-partnership/publications/', 327, 440, 4, 7),
      at('Romeo R, Grita F, Parisi F. Russo L. 2020. Vulnerability of Mountain Peoples to', 327, 432, 4, 7),
      at('Food Insecurity. Rome, Italy: FAO. https://doi.org/10.4060/cb2409en.', 327, 424, 4, 7),
    ]
    expect(findReferences(lines).map((r) => r.raw.slice(0, 5))).toEqual(['FAO [', 'MPS [', 'Romeo'])
  })

  it('splits given-name-first author–year entries (ACL) by hanging indent', () => {
    const lines = [
      at('References', 72, 500, 9, 11),
      at('Jenny Rose Finkel, Trond Grenager, and Christopher Manning. 2005. Incorporating', 72, 480),
      at('non-local information into information extraction systems. In Proceedings of ACL.', 82, 470),
      at('Dekang Lin. 1998. Dependency-based evaluation of MINIPAR. In Workshop on the', 72, 460),
      at('Evaluation of Parsing Systems.', 82, 450),
    ]
    const references = findReferences(lines)
    expect(references).toHaveLength(2)
    expect(references[1].people?.[0]).toMatchObject({ family: 'Lin' })
  })

  it('splits the seven entries of the JSTOR corpus paper (letter-spaced heading, no indent)', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(CORPUS_DIR, 'papers/zotero-duplicatesMerge_JSTOR_1.pdf')))
    const { references } = await extractFromBytes(bytes, { style: 'apa' }, { withCitation: false })
    expect(references.map((r) => r.raw.split(' ')[0])).toEqual(['FAO', 'MPS', 'MPS', 'Romeo', 'Romeo', 'UNCED', 'UNEP'])
  })

  it('reads a headingless numbered list at the end of a PDF', async () => {
    const bytes = buildPdf([
      { text: ['A short paper.', 'We cite earlier work [1, 2].'] },
      { text: ['[1] A. Einstein, Ann. Phys. 17, 891 (1905).', '[2] P. Dirac, Proc. R. Soc. A 117, 610 (1928).', '[3] R. Feynman, Phys. Rev. 76, 749 (1949).'] },
    ])
    const { references } = await extractFromBytes(bytes, { style: 'apa' }, { withCitation: false })
    expect(references.map((r) => r.year)).toEqual([1905, 1928, 1949])
  })
})

describe('labels without brackets or full stops', () => {
  it('splits a BMJ/Vancouver list labelled "1 Smith J"', () => {
    const lines = [
      at('References', 72, 500, 9, 11),
      at('1 Smith J, Lee K. Trial of a drug. BMJ 2001;322:1–5.', 72, 480),
      at('2 Brown A. Another trial. Lancet 2002;359:10–5.', 72, 470),
      at('3 Green B, White C. Cohort study of', 72, 460),
      at('12 000 patients. N Engl J Med 2003;348:20–8.', 80, 450),
      at('4 Black D. Review. JAMA 2004;291:1–9.', 72, 440),
    ]
    const references = findReferences(lines)
    expect(references.map((r) => r.label)).toEqual(['1', '2', '3', '4'])
    expect(references[2].raw).toBe('Green B, White C. Cohort study of 12 000 patients. N Engl J Med 2003;348:20–8.')
  })

  it('splits a list whose superscript labels are glued to the entry or set on their own line', () => {
    const lines = [
      at('References', 72, 500, 9, 11),
      at('1Smith, J. & Lee, K. Trial of a drug. Nature 410, 1–5 (2001).', 72, 480),
      at('2', 72, 473, 9, 6),
      at('Brown, A. Another trial. Science 295, 10–15 (2002).', 76, 470),
      at('3', 72, 463, 9, 6),
      at('Green, B. Cohort study. Cell 112, 20–28 (2003).', 76, 460),
      at('7', 300, 40, 9, 9),
    ]
    const references = findReferences(lines)
    expect(references.map((r) => r.label)).toEqual(['1', '2', '3'])
    expect(references.map((r) => r.year)).toEqual([2001, 2002, 2003])
  })
})

describe('alphabetic keys', () => {
  it('splits a list labelled with BibTeX alpha keys ("[GHL06]")', () => {
    const lines = [
      at('References', 72, 500, 9, 11),
      at('[GHL06] S. Ghemawat, H. Gobioff, and S. Leung. The Google file system.', 72, 480),
      at('In SOSP, 2003.', 100, 470),
      at('[Lam98] L. Lamport. The part-time parliament. ACM TOCS 16, 1998.', 72, 460),
      at('[ABC+19] A. Able, B. Baker, C. Cole, et al. Many authors. In NeurIPS, 2019.', 72, 450),
    ]
    expect(findReferences(lines).map((r) => r.label)).toEqual(['GHL06', 'Lam98', 'ABC+19'])
  })
})

describe('entries set apart by space', () => {
  it('splits an ABNT list without indent whose entries are separated by extra space', () => {
    const lines = [
      at('REFERÊNCIAS', 72, 500, 9, 11),
      at('UNIVERSIDADE FEDERAL DO RIO DE JANEIRO. Relatório anual de atividades', 72, 480),
      at('do programa. Rio de Janeiro: UFRJ, 2015.', 72, 470),
      at('SILVA, J. A. Estudo de caso sobre bibliotecas. São Paulo: Atlas, 2010.', 72, 455),
      at('BRASIL. Ministério da Educação. Diretrizes curriculares nacionais. Brasília,', 72, 440),
      at('DF: MEC, 2013.', 72, 430),
    ]
    expect(findReferences(lines).map((r) => r.raw.split(' ')[0])).toEqual(['UNIVERSIDADE', 'SILVA,', 'BRASIL.'])
  })
})

describe('no heading, no list', () => {
  it('does not take a numbered list in the body, followed by more text, for the references', () => {
    const lines = [
      at('Our contributions since 2019:', 72, 700),
      at('1. A model of reading (2019).', 72, 690),
      at('2. A corpus of notes (2020).', 72, 680),
      at('3. An evaluation in 2021.', 72, 670),
      ...Array.from({ length: 40 }, (_, i) => at(`More discussion of the results, line ${i + 1} of the body text.`, 72, 650 - i * 10)),
    ]
    expect(findReferences(lines)).toEqual([])
  })
})
