import type { PublicConfig } from '@benchmarket/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import { useAppConfig } from './app-config';

const config: PublicConfig = {
  google_client_id: 'client-123.apps.googleusercontent.com',
  payment_provider: 'sandbox',
  stripe_publishable_key: null,
  promotion: { active: true, free_until: '2099-06-01', free_days: 30, label: 'List Free Until June' },
  pricing: { currency: 'USD', base_price: 49, additional_month_price: 29, extension_month_price: 29 },
};

function GoogleClientId({ label }: { label: string }) {
  const { data, isPending } = useAppConfig();
  if (isPending) return <p>{label}: loading</p>;
  return (
    <p>
      {label}: {data?.google_client_id ?? 'none'}
    </p>
  );
}

describe('useAppConfig', () => {
  it('reads GET /api/v1/config once for every component that needs it', async () => {
    const network = stubFetch({
      'GET /api/v1/config': { body: config },
    });
    renderWithProviders(
      <>
        <GoogleClientId label="first" />
        <GoogleClientId label="second" />
      </>,
    );

    expect(await screen.findByText('first: client-123.apps.googleusercontent.com')).toBeInTheDocument();
    expect(screen.getByText('second: client-123.apps.googleusercontent.com')).toBeInTheDocument();
    expect(network.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['GET /api/v1/config']);
  });
});
