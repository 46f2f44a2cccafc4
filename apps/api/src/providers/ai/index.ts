/** The AI port: an OpenAI-compatible endpoint's embeddings and explanations (./engine.ts). */
export * from './engine.js';
