import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, type ChartPoint } from './bar-chart';

const series = [{ key: 'amount', label: 'Revenue', fillClass: 'fill-teal-700', swatchClass: 'bg-teal-700' }] as const;
const months = (amounts: number[]): ChartPoint[] =>
  amounts.map((amount, index) => ({ label: `Month ${String(index + 1)}`, tick: String(index + 1), values: { amount } }));

function renderChart(amounts: number[]) {
  return render(
    <BarChart title="Revenue by month" summary="A summary." series={series} points={months(amounts)} format={String} pointHeader="Month" />,
  );
}

describe('BarChart', () => {
  it('draws one bar per non-zero point, the tallest labelled with its value, and keeps the numbers in a table', () => {
    const { container } = renderChart([0, 40, 120]);
    expect(container.querySelectorAll('svg rect')).toHaveLength(2);
    expect(container.querySelector('svg text')).toHaveTextContent('120');
    expect(screen.getByRole('table', { name: 'Revenue by month' })).toHaveTextContent('Month 3120');
  });

  it('says there is nothing to chart instead of an empty picture when every value is zero', () => {
    const { container } = renderChart([0, 0, 0]);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('Nothing to chart yet: every month is zero.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue by month' })).toHaveTextContent('Month 10');
  });
});
