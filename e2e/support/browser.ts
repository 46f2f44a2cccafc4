import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The two screens issue 18 is judged on: a phone and a common laptop. */
export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1366, height: 900 } as const;

/** Git-ignored: the screenshots are for a person to look at after a run, not to commit. */
export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/** Saves what the page shows now (the viewport, as a person sees it) as <name>-<width>x<height>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const size = page.viewportSize();
  const file = path.join(SCREENSHOT_DIR, `${name}-${String(size?.width)}x${String(size?.height)}.png`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file });
  console.info(`screenshot: ${path.relative(process.cwd(), file)}`);
  return file;
}
