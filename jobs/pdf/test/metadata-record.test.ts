/**
 * The paper's own record, one test per failure class seen on unseen papers (issue 11): each
 * from a PDF made here or from a corpus file.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import { linesFromItems, headerItems, MARK } from '../header/lines.ts'
import { acmReferenceFormat, arxivYear, authorLineNames, citationLineFromText, publicationDateYear, titleFromText } from '../metadata.ts'
import type { TextLine } from '../page-text.ts'
import { CORPUS_DIR } from './corpus.ts'
import { buildPdf } from './make-pdf.ts'

/** Adds an Info dictionary (as a new object, xref and trailer updated) to a PDF from buildPdf. */
function withInfo(pdf: Uint8Array, info: string): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1')
  const xrefAt = text.lastIndexOf('xref\n')
  const size = Number(/\/Size (\d+)/.exec(text)?.[1])
  const head = `${text.slice(0, xrefAt)}${size} 0 obj\n${info}\nendobj\n`
  const tail = text
    .slice(xrefAt)
    .replace(`0 ${size}\n`, `0 ${size + 1}\n`)
    .replace('trailer\n', `${String(xrefAt).padStart(10, '0')} 00000 n \ntrailer\n`)
    .replace(`/Size ${size} `, `/Size ${size + 1} /Info ${size} 0 R `)
    .replace(/startxref\n\d+/, `startxref\n${Buffer.byteLength(head, 'latin1')}`)
  return new Uint8Array(Buffer.from(head + tail, 'latin1'))
}

const esc = (s: string) => s.replace(/[()\\]/g, (c) => `\\${c}`)
const show = (text: string, size: number, x: number, y: number) => `BT /F1 ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`
/** Text turned 90° (a margin stamp). */
const rotated = (text: string, size: number, x: number, y: number) => `BT /F1 ${size} Tf 0 1 -1 0 ${x} ${y} Tm (${esc(text)}) Tj ET`

const families = (text: string) => authorLineNames(text).map((p) => p.family)
const line = (text: string, y: number): TextLine => ({ text, size: 8, x: 50, y, page: 1, fontName: 'f' })
const withFooter = (footer: string) => [line('Some Title Here', 700), line('body text', 400), line(footer, 30)]
const sized = (text: string, size: number, y: number): TextLine => ({ text, size, x: 60, y, page: 1, fontName: 'f' })
const extract = async (bytes: Uint8Array) => (await extractFromBytes(bytes, { style: 'apa' }, { withCitation: false })).metadata
const corpus = (name: string) => extract(new Uint8Array(readFileSync(path.join(CORPUS_DIR, name))))

describe('the paper record from a made first page', () => {
  // A NAACL-like first page: an arXiv stamp and other rotated text in the margin set larger than the title, authors
  // with superscript affiliation markers and an institution in the author line, a venue line
  // and a template's copyright year in the footer, a reference list with a DOI, and a file
  // created a year after the conference.
  const page = [
    rotated('arXiv:1801.01234v2 [cs.CL] 3 Jan 2018', 20, 32, 250),
    rotated('Accepted manuscript of the final version', 22, 590, 200),
    show('Learning to Read Highlights', 17, 72, 700),
    show('in Scholarly Papers', 17, 72, 680),
    show('Ann Montague', 12, 72, 640),
    show('a,1', 7, 149, 645),
    show(', Bo Li', 12, 162, 640),
    show('b', 7, 200, 645),
    show(', Microsoft Research', 12, 206, 640),
    show('aSome University   bMicrosoft Research', 8, 72, 626),
    show('Abstract', 12, 72, 600),
    show('We read highlights and find them useful for many things.', 10, 72, 584),
    show('References', 12, 72, 300),
    show('[1] A. Smith. An old work. J. Things, 2001. doi:10.9999/cited.1', 9, 72, 286),
    show('Proceedings of NAACL-HLT 2018, pages 1-10, New Orleans, Louisiana, June 1 - 6, 2018.', 8, 72, 72),
    show('Copyright 2017 Template Press', 8, 72, 62),
  ].join('\n')
  const pdf = withInfo(buildPdf([{ content: page }]), '<< /CreationDate (D:20190301120000Z) /Title (Microsoft Word - paper.docx) /Author (user) >>')

  it('takes the title by size and position, never the rotated margin stamp', async () => {
    const metadata = await extract(pdf)
    expect(metadata.title).toBe('Learning to Read Highlights in Scholarly Papers')
    expect(metadata.arxivId).toBe('1801.01234')
  })

  it('keeps superscript affiliation markers off the names and drops the institution', async () => {
    const metadata = await extract(pdf)
    expect(metadata.authors).toEqual([
      { family: 'Montague', given: 'Ann' },
      { family: 'Li', given: 'Bo' },
    ])
  })

  it('dates the paper from its venue line, not the copyright footer or the file', async () => {
    expect((await extract(pdf)).year).toBe(2018)
  })

  it('never takes a DOI from the reference list', async () => {
    expect((await extract(pdf)).doi).toBeNull()
  })

  it("takes the DOI the publisher prints in the margins over one cited in the body", async () => {
    const cited = [show('A Study of Identifiers in Papers', 17, 72, 700), show('Ann Smith and Bo Li', 12, 72, 670), ...[600, 560, 520, 480, 440, 400].map((y) => show('Body text of the paper.', 10, 72, y)), show('As shown before (doi:10.1234/other.work), identifiers matter.', 10, 72, 380), show('DOI: 10.5555/own.1', 8, 72, 62)].join('\n')
    expect((await extract(buildPdf([{ content: cited }]))).doi).toBe('10.5555/own.1')
  })

  it('joins a DOI broken at a line end', async () => {
    const broken = [show('A Study of Identifiers in Papers', 17, 72, 700), show('Ann Smith and Bo Li', 12, 72, 670), ...[600, 560, 520, 480].map((y) => show('Body text of the paper.', 10, 72, y)), show('ACM ISBN 978-1-4503-8446-9/21/11. https://doi.org/10.1145/3459637.', 8, 72, 72), show('3482156', 8, 72, 62)].join('\n')
    expect((await extract(buildPdf([{ content: broken }]))).doi).toBe('10.1145/3459637.3482156')
  })

  it('prefers the printed authors to an Info author that names only the first', async () => {
    const two = [show('A Study of Authors in Papers', 17, 72, 700), show('Ann Smith and Bo Li', 12, 72, 670), show('Abstract', 12, 72, 640), show('Text.', 10, 72, 620)].join('\n')
    const metadata = await extract(withInfo(buildPdf([{ content: two }]), '<< /Author (Ann Smith) >>'))
    expect(metadata.authors).toEqual([
      { family: 'Smith', given: 'Ann' },
      { family: 'Li', given: 'Bo' },
    ])
  })

  it('dates a paper by its publication date before a copyright line, and the copyright before the file', async () => {
    const dated = [show('A Study of Dates in Papers', 17, 72, 700), show('Ann Smith and Bo Li', 12, 72, 670), show('Received 3 March 2013; published 9 May 2014', 9, 72, 650), show('Copyright 2015 The Authors', 8, 72, 62)].join('\n')
    expect((await extract(withInfo(buildPdf([{ content: dated }]), '<< /CreationDate (D:20190301120000Z) >>'))).year).toBe(2014)
    const copyright = [show('A Study of Dates in Papers', 17, 72, 700), show('Ann Smith and Bo Li', 12, 72, 670), show('Some text of the paper.', 10, 72, 400), show('Copyright 2015 The Authors', 8, 72, 62)].join('\n')
    expect((await extract(withInfo(buildPdf([{ content: copyright }]), '<< /CreationDate (D:20190301120000Z) >>'))).year).toBe(2015)
  })
})

describe('header lines', () => {
  it('turns small raised text into a marker between names', () => {
    const items = [
      { str: 'Ann Montague', transform: [12, 0, 0, 12, 72, 640], width: 76 },
      { str: 'a,1', transform: [7, 0, 0, 7, 148, 645], width: 9 },
      { str: ', Bo Li', transform: [12, 0, 0, 12, 157, 640], width: 36 },
    ]
    const lines = linesFromItems(headerItems(items))
    expect(lines.map((l) => l.text)).toEqual([`Ann Montague ${MARK} , Bo Li`])
  })

  it('separates names set in columns', () => {
    const items = [
      { str: 'Ann Smith', transform: [12, 0, 0, 12, 100, 640], width: 55 },
      { str: 'Bo Li', transform: [12, 0, 0, 12, 330, 640], width: 30 },
    ]
    expect(linesFromItems(headerItems(items)).map((l) => authorLineNames(l.text).map((p) => p.family))).toEqual([['Smith', 'Li']])
  })

  it('leaves rotated text out', () => {
    const items = [
      { str: 'arXiv:1801.01234v2 [cs.CL] 3 Jan 2018', transform: [0, 20, -20, 0, 32, 250], width: 300 },
      { str: 'A Title', transform: [17, 0, 0, 17, 72, 700], width: 60 },
    ]
    expect(linesFromItems(headerItems(items)).map((l) => l.text)).toEqual(['A Title'])
  })
})

describe('title', () => {
  it('is not a journal banner set larger than the title', () => {
    const lines = [sized('Journal of Cosmology and Astroparticle Physics', 26, 740), sized('An IOP and SISSA journal', 9, 725), sized('Apparent and average accelerations', 24, 615), sized('of the Universe', 24, 590), sized('Ann Smith', 14, 550), ...[400, 388, 376, 364, 352, 340].map((y) => sized('Body text of the paper here.', 10, y))]
    expect(titleFromText(lines)).toBe('Apparent and average accelerations of the Universe')
  })
})

describe('author lines', () => {
  it('drops institutions after the names but reads no affiliation line as names', () => {
    expect(families('Andrew Baumann, Microsoft Research')).toEqual(['Baumann'])
    expect(families('Graduate School of Pure and Applied Sciences, University of Tsukuba')).toEqual([])
    expect(families('Highfield, Southampton SO17 1BJ, UK')).toEqual([])
  })

  it('removes affiliation numbers, letters and symbols, degrees and conjunctions', () => {
    expect(families('Frederico F. Miranda a,b,1 , Elodie Brient-Litzler a,b,1 , Nora Zidane a,b , Hugues Bedouelle a,b, *')).toEqual(['Miranda', 'Brient-Litzler', 'Zidane', 'Bedouelle'])
    expect(families('Clara J. Day, BMBCh, PhD, 1 Alec J. Howie, MD, 2 and Peter Hewins, MBChB, PhD 1,4')).toEqual(['Day', 'Howie', 'Hewins'])
    expect(families('Catherine Hudon MD MSc CMFC, 1 Denise St-Cyr Tribble RN PhD, 2 and José Almirall MD PhD 6')).toEqual(['Hudon', 'Tribble', 'Almirall'])
    expect(families('John F. Cogan * , R. Glenn Hubbard † , and Daniel Kessler ‡')).toEqual(['Cogan', 'Hubbard', 'Kessler'])
    expect(families('G. BOUCHOUX ET Y. HOPPILLIARD')).toEqual(['Bouchoux', 'Hoppilliard'])
  })

  it('splits at Springer middle dots and drops a leading "by"', () => {
    expect(families('Jan Novák 1 · Pavel Svoboda 2 · Eva Dvořák 1')).toEqual(['Novák', 'Svoboda', 'Dvořák'])
    expect(families('by Ann Smith and Bo Li')).toEqual(['Smith', 'Li'])
  })

  it('drops IEEE membership grades and BMJ roles, keeps a collaboration as one author', () => {
    expect(families('John Smith, Senior Member, IEEE, and Jane Doe, Fellow, IEEE')).toEqual(['Smith', 'Doe'])
    expect(families('Ann Smith professor of epidemiology 1 , Bo Li research fellow 2')).toEqual(['Smith', 'Li'])
    expect(authorLineNames('The ATLAS Collaboration')).toEqual([{ family: 'ATLAS Collaboration', given: '' }])
  })

  it('reads Spanish and Portuguese conjunctions', () => {
    expect(families('María López 1 y José García 2')).toEqual(['López', 'García'])
    expect(families('Ana Souza 1 e João Silva 2')).toEqual(['Souza', 'Silva'])
  })

  it('reads initials before the family name and shouted names given-name-first', () => {
    expect(authorLineNames('CL Chei 1 , H Iso 2 and S Tsugane 3')[0]).toEqual({ family: 'Chei', given: 'CL' })
    expect(authorLineNames('XIN HE')).toEqual([{ family: 'He', given: 'Xin' }])
  })
})

describe('citation lines and dates', () => {
  it('reads a PNAS-style footer', () => {
    expect(citationLineFromText(withFooter('17230–17235 | PNAS | December 2, 2014 | vol. 111 | no. 48 www.pnas.org/cgi/doi/10.1073/pnas.1410083111'))).toEqual({
      journal: 'PNAS',
      volume: '111',
      issue: '48',
      pages: '17230–17235',
      year: 2014,
    })
  })

  it('reads a BMC running head and a "How to cite" line', () => {
    expect(citationLineFromText([line('Datta et al. Journal of Trauma Management & Outcomes 2010, 4:1', 750), line('body', 400), line('end', 30)])).toEqual({
      journal: 'Journal of Trauma Management & Outcomes',
      year: 2010,
      volume: '4',
      issue: null,
      pages: '1',
    })
    const cite = [line('Title', 700), line('How to cite this article Webb et al. (2017), VESPA: Very large-scale Evolutionary Analyses. PeerJ Comput. Sci.', 36), line('3:e118; DOI 10.7717/peerj-cs.118', 28)]
    expect(citationLineFromText(cite)).toMatchObject({ journal: 'PeerJ Comput. Sci.', volume: '3', pages: 'e118', year: 2017 })
  })

  it('reads Elsevier and Springer running heads', () => {
    expect(citationLineFromText([line('Journal of Informetrics 8 (2014) 1–12', 760), line('body', 400), line('end', 30)])).toEqual({ journal: 'Journal of Informetrics', volume: '8', year: 2014, issue: null, pages: '1–12' })
    expect(citationLineFromText([line('Eur J Epidemiol (2014) 29(3):151–170', 760), line('body', 400), line('end', 30)])).toEqual({ journal: 'Eur J Epidemiol', year: 2014, volume: '29', issue: '3', pages: '151–170' })
  })

  it("reads ACM's reference format, proceedings and journal", () => {
    const proceedings = [
      line('ACM Reference Format:', 312),
      line('Ann Smith and Bo Li. 2021. Reading Highlights. In Proceedings of the 30th ACM International Conference on Informa-', 302),
      line('tion and Knowledge Management (CIKM ’21), November 1–5, 2021, Virtual Event. ACM, New York, NY, USA, 5 pages.', 292),
    ]
    expect(acmReferenceFormat(proceedings)).toEqual({ journal: 'Proceedings of the 30th ACM International Conference on Information and Knowledge Management', volume: null, issue: null, pages: null, year: 2021 })
    const journal = [line('ACM Reference Format:', 312), line('Ann Smith. 2018. Reading Highlights. ACM Trans. Graph. 37, 4, Article 52 (August 2018), 12 pages. https://doi.org/10.1145/3197517', 302)]
    expect(acmReferenceFormat(journal)).toEqual({ journal: 'ACM Trans. Graph.', volume: '37', issue: '4', pages: '52', year: 2018 })
  })

  it('dates old and new arXiv identifiers', () => {
    expect(arxivYear('1412.6206')).toBe(2014)
    expect(arxivYear('hep-th/9901001')).toBe(1999)
    expect(arxivYear('gr-qc/0507057')).toBe(2005)
  })

  it('reads a Hindawi citation line', () => {
    expect(citationLineFromText([line('Journal of Sensors, Volume 2014, Article ID 123456, 8 pages', 760), line('body', 400), line('end', 30)])).toEqual({ journal: 'Journal of Sensors', volume: '2014', issue: null, pages: '123456', year: 2014 })
  })

  it('prefers the publication date to acceptance and receipt', () => {
    expect(publicationDateYear('(Dated: January 5, 2018)')).toBe(2018)
    expect(publicationDateYear('Submitted 25 March 2016\nAccepted 9 May 2017\nPublished 5 June 2017')).toBe(2017)
    expect(publicationDateYear('approved October 3, 2014 (received for review June 2, 2014)')).toBe(2014)
  })
})

describe('the paper record of corpus papers', () => {
  it('a PNAS paper: names without affiliation letters, the year and citation from the footer (not the 2018 file date)', async () => {
    const metadata = await corpus('annotated/pdfpig-cat-genetics.pdf')
    expect(metadata.authors.slice(0, 2)).toEqual([
      { family: 'Montague', given: 'Michael J.' },
      { family: 'Li', given: 'Gang' },
    ])
    expect(metadata).toMatchObject({ year: 2014, journal: 'PNAS', volume: '111', issue: '48', pages: '17230–17235', doi: '10.1073/pnas.1410083111' })
  })

  it('an institution in the author line is not an author', async () => {
    expect((await corpus('annotated/pdfannots-hotos17.pdf')).authors).toEqual([{ family: 'Baumann', given: 'Andrew' }])
  })

  it('a BMC article: citation from the running head, DOI from the Info subject whose title is the page title', async () => {
    expect(await corpus('papers/cermine-impl-test1.pdf')).toMatchObject({ journal: 'Journal of Trauma Management & Outcomes', volume: '4', pages: '1', year: 2010, doi: '10.1186/1752-2897-4-1' })
  })

  it('a PeerJ article: citation from its "How to cite" line', async () => {
    expect(await corpus('papers/cermine-impl-test6.pdf')).toMatchObject({ journal: 'PeerJ Comput. Sci.', volume: '3', pages: 'e118', year: 2017 })
  })

  it('a conference paper dated by its venue footer ("To appear in OSDI 2006")', async () => {
    expect((await corpus('papers/cermine-web-test1.pdf')).year).toBe(2006)
  })
})
