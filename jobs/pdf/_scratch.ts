import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import fs from 'node:fs';
import { pageGlyphs } from '/work/main/jobs/pdf/glyphs.ts';
import { textUnderQuads } from '/work/main/jobs/pdf/text-under-quads.ts';
import { pageLines } from '/work/main/jobs/pdf/layout.ts';
import { quadsFromPoints } from '/work/main/jobs/pdf/geometry.ts';
import { emptyLexicon, learnWords } from '/work/main/jobs/pdf/hyphenation.ts';
for (const file of process.argv.slice(2)) {
const task = pdfjs.getDocument({data: new Uint8Array(fs.readFileSync(file)), standardFontDataUrl: '/work/main/node_modules/pdfjs-dist/standard_fonts/', verbosity:0, fontExtraProperties: true});
const doc = await task.promise;
const base = JSON.parse(fs.readFileSync('/work/shared/corpus/baseline-mupdf/'+file.split('/').pop()+'.json','utf8'));
const an = await doc.getAnnotationsByType(null, null);
const byPage = Map.groupBy(an.filter(a=>a.quadPoints), a=>a.pageIndex);
for (const [p, list] of byPage) {
  const page = await doc.getPage(p+1); const g = await pageGlyphs(page);
  const lex = emptyLexicon(); for (const l of pageLines(g)) learnWords(lex, l.text);
  for (const a of list) { const t = textUnderQuads(g, quadsFromPoints(a.quadPoints), lex);
    const b = base.annotations.filter(x=>x.page===p+1 && x.type===a.subtype)[list.filter(y=>y.subtype===a.subtype).indexOf(a)];
    const same = b && (b.text===t || b.text_dehyphenated===t);
    console.log(same?'  ':'!!', file.split('/').pop(), p+1, a.subtype, JSON.stringify(t)); if(!same) console.log('   mupdf:', JSON.stringify(b?.text_dehyphenated)); }
}
await task.destroy();
}
