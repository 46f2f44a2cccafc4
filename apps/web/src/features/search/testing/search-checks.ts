import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { FetchStub } from '@/testing/fetch-stub';
import { criteriaFromUrl, criteriaToUrl, type SearchCriteria } from '../search-criteria';

type User = { type: (element: Element, text: string) => Promise<void>; click: (element: Element) => Promise<void> };

const searchesSent = (network: FetchStub) =>
  network.requests.filter((request) => new URL(request.url).pathname === '/api/v1/listings/search');

/**
 * A range typed the wrong way round (price, years): 'Search' is refused with this message, its
 * upper end is marked, and no search is sent beyond the page's first.
 */
export async function expectRangeRefused(
  { user, network }: { user: User; network: FetchStub },
  [fromLabel, from]: readonly [string, string],
  [toLabel, to]: readonly [string, string],
  message: string,
) {
  await user.type(screen.getByLabelText(fromLabel), from);
  await user.type(screen.getByLabelText(toLabel), to);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByLabelText(toLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(searchesSent(network)).toHaveLength(1);
}

/** The criteria go into the URL as this query string, and come back from it the same. */
export function expectUrlRoundTrip(criteria: SearchCriteria, query: string) {
  const params = criteriaToUrl(criteria);
  expect(params.toString()).toBe(query);
  expect(criteriaFromUrl(params)).toEqual(criteria);
}
