import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium with the flags this sandbox needs (no downloads, no background network). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Errors the page threw or logged: a journey that produces any fails. */
  pageErrors: string[];
}

export async function newSession(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}
