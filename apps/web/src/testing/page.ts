import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { stubFetch, type StubHandler } from './fetch-stub';
import { renderApp } from './render-app';

/** `path` for a visitor over these API answers, once its level-1 heading `heading` shows. */
export async function openPage(path: string, heading: string, routes: Record<string, StubHandler> = {}) {
  const network = stubFetch(routes);
  const rendered = renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  return { network, ...rendered };
}

/** The tab's title (set once the page has rendered) becomes `title`, or contains it. */
export async function expectTitle(title: string, { exact = false }: { exact?: boolean } = {}) {
  await waitFor(() => {
    if (exact) expect(document.title).toBe(title);
    else expect(document.title).toContain(title);
  });
}

/** Each field, by its label, has this autocomplete hint. */
export function expectAutocomplete(hints: Record<string, string>) {
  for (const [label, hint] of Object.entries(hints)) {
    expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', hint);
  }
}
