import { describe, expect, it } from 'vitest';
import {
  LatestListingsQuerySchema,
  ListingCreateFormSchema,
  ListingCreateSchema,
  ListingPhotoParamsSchema,
  ListingSchema,
  ListingUpdateSchema,
  UserListingsQuerySchema,
  parsePriceInput,
  validateListingForm,
} from './listings.js';

const ID = '3f0e0c4e-8a53-4c5e-9d6b-2f1a7c9e0b11';
const valid = {
  title: ' Eppendorf 5810R centrifuge ',
  description: 'Refrigerated, with A-4-62 rotor.',
  price: 4500.5,
  condition: 'pre-owned',
  location: 'usa',
  duration_months: 3,
};

describe('ListingCreateSchema', () => {
  it('accepts a complete listing, trimming text and storing the canonical country name', () => {
    expect(ListingCreateSchema.parse(valid)).toEqual({
      title: 'Eppendorf 5810R centrifuge',
      description: 'Refrigerated, with A-4-62 rotor.',
      price: 4500.5,
      condition: 'pre-owned',
      location: 'United States',
      duration_months: 3,
    });
  });

  it('treats a blank or missing location as none', () => {
    expect(ListingCreateSchema.parse({ ...valid, location: '' }).location).toBeNull();
    expect(ListingCreateSchema.parse({ ...valid, location: undefined }).location).toBeNull();
    expect(ListingCreateSchema.parse({ ...valid, location: null }).location).toBeNull();
  });

  it('refuses a location that is not a country', () => {
    expect(ListingCreateSchema.safeParse({ ...valid, location: 'Gotham' }).error?.issues[0]?.message).toBe(
      'Please choose a country from the list',
    );
  });

  it('asks for the required fields with the spec text', () => {
    for (const field of ['title', 'description', 'price'] as const) {
      const { [field]: _omitted, ...rest } = valid;
      expect(ListingCreateSchema.safeParse(rest).error?.issues[0]?.message, field).toBe('Please fill in all required fields');
    }
    expect(ListingCreateSchema.safeParse({ ...valid, title: '   ' }).error?.issues[0]?.message).toBe('Please fill in all required fields');
  });

  it('checks the price: minimum 0, step 0.01', () => {
    expect(ListingCreateSchema.safeParse({ ...valid, price: -5 }).success).toBe(false);
    expect(ListingCreateSchema.safeParse({ ...valid, price: 10.005 }).error?.issues[0]?.message).toBe(
      'Price can have at most 2 decimal places',
    );
    expect(ListingCreateSchema.safeParse({ ...valid, price: 0 }).success).toBe(true);
  });

  it('allows only durations of 1, 3, 6 or 12 months', () => {
    for (const months of [1, 3, 6, 12]) {
      expect(ListingCreateSchema.safeParse({ ...valid, duration_months: months }).success).toBe(true);
    }
    expect(ListingCreateSchema.safeParse({ ...valid, duration_months: 2 }).error?.issues[0]?.message).toBe(
      'Duration must be 1, 3, 6 or 12 months',
    );
  });

  it('limits title and description length', () => {
    expect(ListingCreateSchema.safeParse({ ...valid, title: 'x'.repeat(151) }).success).toBe(false);
    expect(ListingCreateSchema.safeParse({ ...valid, description: 'x'.repeat(5001) }).success).toBe(false);
  });
});

describe('ListingUpdateSchema', () => {
  it('has the same fields without the duration', () => {
    const { duration_months: _d, ...update } = valid;
    expect(ListingUpdateSchema.parse({ ...update, duration_months: 12 })).not.toHaveProperty('duration_months');
  });
});

describe('listing form', () => {
  it('reads the price and duration as typed into inputs', () => {
    expect(parsePriceInput(' 12.50 ')).toBe(12.5);
    expect(parsePriceInput('')).toBeUndefined();
    expect(parsePriceInput('12abc')).toBe('12abc');
    expect(ListingCreateFormSchema.parse({ ...valid, price: '1234.5', duration_months: '6' })).toMatchObject({
      price: 1234.5,
      duration_months: 6,
    });
  });

  it('reports a blank title, description or price as the spec message', () => {
    const form = { ...valid, price: '100' };
    expect(validateListingForm({ ...form, title: '' }, 'create')).toEqual({
      ok: false,
      error: 'Please fill in all required fields',
    });
    expect(validateListingForm({ ...form, description: '  ' }, 'edit')).toEqual({
      ok: false,
      error: 'Please fill in all required fields',
    });
    expect(validateListingForm({ ...form, price: '' }, 'create')).toEqual({
      ok: false,
      error: 'Please fill in all required fields',
    });
  });

  it('reports other problems by their own message', () => {
    expect(validateListingForm({ ...valid, price: 'ten' }, 'create')).toEqual({
      ok: false,
      error: 'Price must be a number',
    });
    expect(validateListingForm({ ...valid, price: '-1' }, 'create')).toEqual({
      ok: false,
      error: 'Price must be 0 or more',
    });
  });

  it('gives the request body when valid', () => {
    const result = validateListingForm({ ...valid, price: '99.90', duration_months: '1' }, 'create');
    expect(result).toEqual({
      ok: true,
      data: {
        title: 'Eppendorf 5810R centrifuge',
        description: 'Refrigerated, with A-4-62 rotor.',
        price: 99.9,
        condition: 'pre-owned',
        location: 'United States',
        duration_months: 1,
      },
    });
    const edit = validateListingForm({ ...valid, price: '5' }, 'edit');
    expect(edit.ok && 'duration_months' in edit.data).toBe(false);
  });
});

describe('ListingSchema', () => {
  const listing = {
    id: ID,
    user_id: ID,
    title: 'Centrifuge',
    description: 'Works',
    price: 19.99,
    condition: 'new',
    location: null,
    created_at: '2025-01-05T10:00:00.000Z',
    photos: ['/uploads/a.jpg'],
    thumbnails: ['/uploads/a_thumb.jpg'],
    is_verified: false,
    is_deleted: false,
    is_active: true,
    payment_status: 'unpaid',
    expiry_date: null,
    duration_months: 1,
    category: 'centrifuges',
    verification: { status: 'pending', verification_notes: null },
  };

  it('accepts a listing without a search explanation', () => {
    expect(ListingSchema.safeParse(listing).success).toBe(true);
  });

  it('accepts a search explanation with a score between 0 and 1', () => {
    const rag = { relevance_explanation: 'Relevant: a centrifuge', relevance_score: 0.9, rag_response_key: 'k' };
    expect(ListingSchema.safeParse({ ...listing, rag_search_response: rag }).success).toBe(true);
    expect(ListingSchema.safeParse({ ...listing, rag_search_response: { ...rag, relevance_score: 1.5 } }).success).toBe(false);
  });

  it('refuses an unknown payment status and a non-ISO date', () => {
    expect(ListingSchema.safeParse({ ...listing, payment_status: 'free' }).success).toBe(false);
    expect(ListingSchema.safeParse({ ...listing, created_at: 'yesterday' }).success).toBe(false);
  });
});

describe('listing queries', () => {
  it('defaults latest to 10 and caps it', () => {
    expect(LatestListingsQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(LatestListingsQuerySchema.parse({ limit: '5' })).toEqual({ limit: 5 });
    expect(LatestListingsQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });

  it('reads show_all and hide_deleted as booleans, false by default', () => {
    expect(UserListingsQuerySchema.parse({})).toEqual({ show_all: false, hide_deleted: false });
    expect(UserListingsQuerySchema.parse({ show_all: 'true', hide_deleted: '1' })).toEqual({
      show_all: true,
      hide_deleted: true,
    });
  });

  it('identifies a photo by its index', () => {
    expect(ListingPhotoParamsSchema.parse({ id: ID, photoId: '2' })).toEqual({ id: ID, photoId: 2 });
    expect(ListingPhotoParamsSchema.safeParse({ id: ID, photoId: '-1' }).success).toBe(false);
  });
});
