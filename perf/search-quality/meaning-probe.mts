import { findFamily } from '@benchmarket/shared';
import { loadLocalMeaningModel } from '../../apps/api/src/providers/embeddings/local-meaning.js';
import { buildDemoCatalog } from '../../apps/api/src/seed/catalog.js';
const model = await loadLocalMeaningModel();
const catalog = buildDemoCatalog(new Date()).filter((p) => p.state === 'active');
const vecs = catalog.map((p) => model.embedListing({ title: p.title, description: p.description, family: findFamily(p.category)?.name })!);
const mean = new Float32Array(100);
for (const v of vecs) for (let j = 0; j < 100; j++) mean[j]! += v[j]! / vecs.length;
const mn = Math.sqrt(mean.reduce((a, x) => a + x * x, 0));
const u = mean.map((x) => x / mn);
const strip = (v: Float32Array) => { const d = v.reduce((a, x, j) => a + x * u[j]!, 0); const w = v.map((x, j) => x - d * u[j]!); const n = Math.sqrt(w.reduce((a, x) => a + x * x, 0)); return w.map((x) => x / n); };
if (process.env.STRIP) for (let i = 0; i < vecs.length; i++) vecs[i] = strip(vecs[i]!);
console.log('mean norm', mn);
for (const q of process.argv.slice(2)) {
  let qv = model.embedWords(q.split(' '))!;
  if (process.env.STRIP) qv = strip(qv);
  const sims = vecs.map((v, i) => ({ i, s: v.reduce((a, x, j) => a + x * qv[j]!, 0) })).sort((a, b) => b.s - a.s);
  const m = sims.reduce((a, x) => a + x.s, 0) / sims.length; const sd = Math.sqrt(sims.reduce((a, x) => a + (x.s - m) ** 2, 0) / sims.length);
  console.log(`\n${q}: median ${sims[Math.floor(sims.length / 2)]!.s.toFixed(2)} mean ${m.toFixed(2)} sd ${sd.toFixed(3)} top z ${((sims[0]!.s - m) / sd).toFixed(2)}`);
  for (const { i, s } of sims.slice(0, 6)) console.log(`  ${s.toFixed(3)} ${catalog[i]!.category} | ${catalog[i]!.title}`);
}
