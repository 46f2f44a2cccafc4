import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { api, type ServerInfo, type TestUser } from './api.js';

/**
 * Listings set up through the API for the landing, SEO and accessibility journeys. Publishing
 * relies on the promotion (start the server with PROMO_FREE_UNTIL in the future): a 1-month
 * activation is free and completes at once, with no card step.
 */

export interface CreatedListing {
  id: string;
  title: string;
  photos: string[];
}

/** A 64 × 48 PNG (a teal rectangle): enough for the photo pipeline, which re-encodes it as WebP. */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SwQ0AQRCCLIKKfV/RVwaZrAkFgDF8PU10AxZQfUV2od4lugELqL4iu1DvEt2ABVRfkV2od4luwAKqr8gu1LtEN2AB1VdkF+pdohuwgOorsgv1LtENWED1FdmFepfoBiyg+orsQr1LdAMWUH1FdqHeJboBjwf8piGYxP2zYA4AAAAASUVORK5CYII=',
  'base64',
);

export interface ListingInput {
  title: string;
  description?: string;
  price?: number;
  condition?: string;
  location?: string;
}

/** POST /listings: an unpaid listing of `seller`. */
export async function createListing(server: ServerInfo, seller: TestUser, input: ListingInput): Promise<CreatedListing> {
  return api<CreatedListing>(server.baseUrl, '/listings', {
    token: seller.token,
    json: {
      description: `${input.title}: serviced last year, with its original manual, power cord and a service report.`,
      price: 1250,
      condition: 'pre-owned',
      location: 'Germany',
      ...input,
      duration_months: 1,
    },
  });
}

/** POST /listings/:id/photos with one small PNG. */
export async function addPhoto(server: ServerInfo, seller: TestUser, listingId: string): Promise<void> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(SMALL_PNG)], { type: 'image/png' }), 'front.png');
  await api(server.baseUrl, `/listings/${listingId}/photos`, { token: seller.token, multipart: form });
}

/** Activates a listing through the free first month of the promotion. */
export async function publish(server: ServerInfo, seller: TestUser, listingId: string): Promise<void> {
  const intent = await api<{ amount: number; client_secret: string }>(server.baseUrl, '/payments/create-intent', {
    token: seller.token,
    json: { listing_id: listingId, duration_months: 1 },
  });
  if (intent.amount !== 0) throw new Error('Publishing needs the promotion: start the server with PROMO_FREE_UNTIL in the future');
}

/** A created, photographed (unless `photo: false`) and published listing. */
export async function createPublishedListing(
  server: ServerInfo,
  seller: TestUser,
  input: ListingInput,
  options: { photo?: boolean } = {},
): Promise<CreatedListing> {
  const listing = await createListing(server, seller, input);
  if (options.photo !== false) await addPhoto(server, seller, listing.id);
  await publish(server, seller, listing.id);
  return api<CreatedListing>(server.baseUrl, `/listings/${listing.id}`);
}

// ── Accessibility ───────────────────────────────────────────────────────────

const SEVERE = new Set(['serious', 'critical']);

/** WCAG 2.0/2.1 A and AA plus axe's best practices, as docs/accessibility.md states. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The serious and critical axe violations of the whole page (or `include`), one readable
 * line per element: "rule (impact): help — target: what to fix".
 */
export async function severeAxeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} — ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
      ),
    );
}

/** The value next to a label in the payment page's order summary. */
export async function orderSummaryValue(page: Page, label: string): Promise<string> {
  const term = page.getByRole('region', { name: 'Order summary' }).locator('dt', { hasText: label }).first();
  return (await term.locator('xpath=following-sibling::dd[1]').textContent())?.trim() ?? '';
}
