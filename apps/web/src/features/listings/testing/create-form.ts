import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { stubFetch, type FetchStub, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { SELLER } from './make-listing';

/** /create-listing for the signed-in demo seller, over these API answers, once its form shows. */
export async function openCreateForm(routes: Record<string, StubHandler> = {}) {
  const network = stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, ...routes });
  const rendered = renderApp('/create-listing', { token: 'seller-token' });
  await screen.findByRole('heading', { level: 1, name: 'Create Listing' });
  return { network, ...rendered };
}

export type FormUser = Awaited<ReturnType<typeof openCreateForm>>['user'];

/** Types the form's required fields: this title and price, and a description. */
export async function fillRequired(user: FormUser, { title, price }: { title: string; price: string }) {
  await user.type(screen.getByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Description'), 'Refrigerated benchtop centrifuge.');
  await user.type(screen.getByLabelText('Price'), price);
}

/** 'Create Listing' is refused with this message, and nothing is sent. */
export async function expectCreateRefused(user: FormUser, network: FetchStub, message: string) {
  await user.click(screen.getByRole('button', { name: 'Create Listing' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(network.requests.some((r) => r.method === 'POST')).toBe(false);
}
