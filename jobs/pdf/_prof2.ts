import fs from 'node:fs';
import { extractFromBytes } from './extract.ts';
const dir='/work/shared/corpus/annotated';
for (const f of fs.readdirSync(dir).sort()) await extractFromBytes(new Uint8Array(fs.readFileSync(dir+'/'+f)), {style:'apa'}, {withCitation:false});
