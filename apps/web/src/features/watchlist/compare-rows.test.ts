import { describe, expect, it } from 'vitest';
import { baseListing } from '@/testing/fixtures';
import { compareRows } from './compare-rows';

const base = baseListing({
  condition: 'pre-owned',
  price: 4500,
  manufacturer: 'Eppendorf',
  model: '5810R',
  year_of_manufacture: 2019,
  hours_of_use: 1200,
  warranty: '90_days',
  shipping: null,
  seller_name: 'Dr. Hanna Keller',
});

const row = (rows: ReturnType<typeof compareRows>, label: string) => rows.find((r) => r.label === label)!;

describe('compareRows', () => {
  it('marks the facts in which the listings differ, and only those', () => {
    const rows = compareRows([base, { ...base, price: 3900, year_of_manufacture: null }]);
    expect(row(rows, 'Price')).toEqual({ label: 'Price', values: ['$4,500.00', '$3,900.00'], differs: true });
    expect(row(rows, 'Year')).toMatchObject({ values: ['2019', 'Not stated'], differs: true });
    expect(row(rows, 'Maker')).toMatchObject({ values: ['Eppendorf', 'Eppendorf'], differs: false });
    expect(row(rows, 'Warranty').values).toEqual(['90 days', '90 days']);
    expect(row(rows, 'Shipping').values).toEqual(['Not stated', 'Not stated']);
  });

  it('leaves a listing that is no longer available out of the differences', () => {
    const rows = compareRows([base, null, { ...base }]);
    expect(row(rows, 'Price')).toEqual({ label: 'Price', values: ['$4,500.00', null, '$4,500.00'], differs: false });
    expect(compareRows([base, null]).some((r) => r.differs)).toBe(false);
  });
});
