import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { api, ApiError, buildUrl, errorDetail, hasErrorCode } from './api-client';
import { setToken } from './token-storage';

describe('api client', () => {
  it('prefixes /api/v1 and sends JSON without a token when none is stored', async () => {
    const network = stubFetch({ 'POST /api/v1/messages': { status: 201, body: { id: 'm-1' } } });

    const created = await api.post<{ id: string }>('/messages', { listing_id: 'l-1', message: 'Hi' });

    expect(created).toEqual({ id: 'm-1' });
    const request = network.lastRequest();
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ listing_id: 'l-1', message: 'Hi' });
  });

  it('adds the bearer token when one is stored', async () => {
    setToken('abc.def');
    const network = stubFetch({ 'GET /api/v1/listings/user': { body: [] } });

    await api.get('/listings/user', { query: { show_all: true, hide_deleted: false } });

    const request = network.lastRequest();
    expect(request.headers.get('Authorization')).toBe('Bearer abc.def');
    expect(new URL(request.url).search).toBe('?show_all=true&hide_deleted=false');
  });

  it('throws ApiError with the server detail and status', async () => {
    stubFetch({ 'GET /api/v1/listings/42': { status: 404, body: { detail: 'Listing not found' } } });

    const error = await api.get('/listings/42').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'Listing not found', message: 'Listing not found' });
    expect(errorDetail(error, 'Error loading listing details')).toBe('Listing not found');
  });

  it("keeps the server's machine-readable code next to the detail", async () => {
    stubFetch({
      'POST /api/v1/payments/create-intent': {
        status: 403,
        body: { detail: 'Please verify your email address before publishing a listing.', code: 'email_not_verified' },
      },
      'GET /api/v1/listings/1': { status: 404, body: { detail: 'Listing not found' } },
    });

    const refused = await api.post('/payments/create-intent', {}).catch((e: unknown) => e);
    const missing = await api.get('/listings/1').catch((e: unknown) => e);

    expect(refused).toMatchObject({ status: 403, code: 'email_not_verified' });
    expect(hasErrorCode(refused, 'email_not_verified')).toBe(true);
    expect(missing).toMatchObject({ status: 404, code: undefined });
    expect(hasErrorCode(missing, 'email_not_verified')).toBe(false);
    expect(hasErrorCode(new Error('boom'), 'email_not_verified')).toBe(false);
  });

  it('leaves detail undefined when the server sends none, so callers use their fallback', async () => {
    stubFetch({ 'DELETE /api/v1/listings/1': { status: 500 } });

    const error = await api.delete('/listings/1').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 500, detail: undefined });
    expect(errorDetail(error, 'Failed to delete listing. Please try again.')).toBe('Failed to delete listing. Please try again.');
  });

  it('sends form-encoded and multipart bodies', async () => {
    const network = stubFetch({
      'POST /api/v1/auth/login': { body: { access_token: 't' } },
      'POST /api/v1/listings/9/photos': { body: [] },
    });

    await api.postForm('/auth/login', { username: 'a@b.co', password: 'secret1' });
    const photos = new FormData();
    photos.append('files', new Blob(['x'], { type: 'image/png' }), 'a.png');
    photos.append('files', new Blob(['y'], { type: 'image/png' }), 'b.png');
    await api.postMultipart('/listings/9/photos', photos);

    const [login, upload] = network.requests;
    expect(login?.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await login?.text()).toBe('username=a%40b.co&password=secret1');
    expect(upload?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await upload?.formData())?.getAll('files')).toHaveLength(2);
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const error = await api.get('/listings/latest').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 0, isNetworkError: true, detail: undefined });
  });

  it('builds query strings, skipping empty values and repeating arrays', () => {
    expect(buildUrl('/listings/search', { query: 'centrifuge', use_rag: false, location: '' })).toBe(
      '/api/v1/listings/search?query=centrifuge&use_rag=false',
    );
    expect(buildUrl('listings', { ids: [1, 2], empty: null })).toBe('/api/v1/listings?ids=1&ids=2');
  });
});
