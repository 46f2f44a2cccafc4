import { UNSUBSCRIBE_LINK_INVALID, unsubscribedText } from '@benchmarket/shared';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const UNSUBSCRIBE = 'POST /api/v1/saved-searches/unsubscribe';

beforeAll(async () => {
  await import('./unsubscribe');
});

describe('/unsubscribe', { timeout: 20_000 }, () => {
  it('stops the alerts in one click, logged out, and says for which search', async () => {
    const network = stubFetch({ [UNSUBSCRIBE]: { body: { name: 'Centrifuges', detail: unsubscribedText('Centrifuges') } } });
    renderApp('/unsubscribe?token=abc.def');
    expect(await screen.findByText('You will no longer receive alerts for "Centrifuges".')).toBeInTheDocument();
    const posts = network.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!.url).searchParams.get('token')).toBe('abc.def');
  });

  it("shows the server's detail for a bad link, and says so without a token", async () => {
    stubFetch({ [UNSUBSCRIBE]: { status: 400, body: { detail: UNSUBSCRIBE_LINK_INVALID } } });
    const { unmount } = renderApp('/unsubscribe?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_LINK_INVALID);
    unmount();
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_LINK_INVALID);
  });
});
