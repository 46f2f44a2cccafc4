/** The Google sign-in port: verifies Google ID tokens against Google's published keys (or a test key set). */
export * from './id-token.js';
