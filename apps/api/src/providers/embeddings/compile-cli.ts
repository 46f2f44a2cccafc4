/**
 * `npm run build` step: compiles the word vectors into their compact file once per install,
 * so no server start or test run pays the few seconds it takes (word-vectors.ts).
 */
import { existsSync } from 'node:fs';
import { compactFilePath, compileWordVectors } from './word-vectors.js';

const file = compactFilePath();
if (existsSync(file)) {
  console.log(`word vectors: ${file} (compiled before)`);
} else {
  const started = performance.now();
  await compileWordVectors(file);
  console.log(`word vectors: compiled into ${file} in ${Math.round(performance.now() - started)} ms`);
}
