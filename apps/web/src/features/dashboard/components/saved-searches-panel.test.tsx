import type { SavedSearch } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsSeller, stubSellerApi } from '../testing/seller-api';

const LIST = 'GET /api/v1/saved-searches';

const centrifuges: SavedSearch = {
  id: '6f7c1f0e-0000-4000-8000-00000000c001',
  name: 'Cheap centrifuges',
  criteria: { query: 'centrifuge', use_rag: true, max_price: 5000, location: 'Germany', sort: 'price_asc' },
  frequency: 'instant',
  paused: false,
  created_at: '2025-03-01T08:00:00.000Z',
  last_alert_at: '2025-03-02T08:00:00.000Z',
};
const microscopes: SavedSearch = {
  ...centrifuges,
  id: '6f7c1f0e-0000-4000-8000-00000000c002',
  name: 'Microscopes',
  criteria: { use_rag: false },
  paused: true,
};

const itemOf = (name: string) => screen.getByRole('listitem', { name });

describe("Dashboard 'Saved searches' tab", () => {
  it('lists the searches with what they look for, their state and a link that runs them again', async () => {
    stubSellerApi({ extra: { [LIST]: { body: [centrifuges, microscopes] } } });
    renderAsSeller('/dashboard?tab=saved-searches');

    expect(await screen.findByRole('tab', { name: 'Saved searches', selected: true })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Cheap centrifuges' });
    expect(first).toHaveTextContent('“centrifuge” · AI-enhanced · up to $5,000.00 · Germany · Price: low to high');
    expect(within(first).getByText('Alerts on')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Run search' })).toHaveAttribute(
      'href',
      '/search?q=centrifuge&ai=1&max=5000&location=Germany&sort=price_asc',
    );
    expect(within(itemOf('Microscopes')).getByText('Paused')).toBeInTheDocument();
    expect(within(itemOf('Microscopes')).getByRole('button', { name: 'Resume alerts' })).toBeInTheDocument();
    expect(screen.getByText('2 of 25 saved searches. We email you new listings that match each one.')).toBeInTheDocument();
  });

  it('pauses, changes the frequency and renames through PUT /saved-searches/{id}', async () => {
    const network = stubSellerApi({
      extra: {
        [LIST]: { body: [centrifuges] },
        [`PUT /api/v1/saved-searches/${centrifuges.id}`]: { body: centrifuges },
      },
    });
    const { user } = renderAsSeller('/dashboard?tab=saved-searches');
    const item = await screen.findByRole('listitem', { name: 'Cheap centrifuges' });

    await user.click(within(item).getByRole('button', { name: 'Pause alerts' }));
    await user.selectOptions(within(item).getByRole('combobox', { name: 'Email frequency for Cheap centrifuges' }), 'Daily digest');
    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    const name = within(item).getByRole('textbox', { name: 'New name' });
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.click(within(item).getByRole('button', { name: 'Save name' }));
    expect(within(item).getByText('Give the search a name')).toBeInTheDocument();
    await user.type(name, 'Spinners');
    await user.click(within(item).getByRole('button', { name: 'Save name' }));

    await waitFor(async () => {
      const puts = network.requests.filter((r) => r.method === 'PUT');
      expect(await Promise.all(puts.map((r) => r.clone().json()))).toEqual([
        { paused: true },
        { frequency: 'daily' },
        { name: 'Spinners' },
      ]);
    });
  });

  it('deletes a search after asking', async () => {
    let deleted = false;
    const network = stubSellerApi({
      extra: {
        [LIST]: () => ({ body: deleted ? [] : [centrifuges] }),
        [`DELETE /api/v1/saved-searches/${centrifuges.id}`]: () => {
          deleted = true;
          return { status: 204 };
        },
      },
    });
    const { user } = renderAsSeller('/dashboard?tab=saved-searches');
    await user.click(within(await screen.findByRole('listitem', { name: 'Cheap centrifuges' })).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this saved search?' });
    expect(dialog).toHaveTextContent('"Cheap centrifuges" will be deleted and its email alerts will stop.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete saved search' }));

    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
