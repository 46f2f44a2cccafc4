/**
 * Zod (in the form pages' chunks) probes `new Function('')` to see whether it may compile
 * faster parsers. Our Content-Security-Policy forbids eval, so the probe fails — harmlessly,
 * but Chrome reports each failure as a CSP violation (Lighthouse: "Issues were logged").
 * `jitless` skips the probe. Zod reads its configuration from this global when it loads, so
 * it is set before any chunk that contains zod: no zod code is pulled into the entry.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
