import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountrySelect, filterCountries } from './country-select';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="location">Location</label>
      <CountrySelect id="location" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button">Next field</button>
    </>
  );
}

function setup(initial?: string) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  return { user, input: screen.getByRole('combobox', { name: 'Location' }) };
}

describe('filterCountries', () => {
  it('puts names that start with the text first and ignores case and accents', () => {
    expect(filterCountries('ger')[0]?.name).toBe('Germany');
    expect(filterCountries('cote').map((c) => c.name)).toContain("Côte d'Ivoire");
    expect(filterCountries('land').map((c) => c.name)).toContain('Finland');
    expect(filterCountries('de').map((c) => c.name)).toContain('Germany');
  });
});

describe('CountrySelect (ARIA combobox)', () => {
  it('filters as you type and chooses with the arrow keys and Enter', async () => {
    const { user, input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'swi');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Countries' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Switzerland']);
    expect(options[0]?.querySelector('img[data-country-flag="CH"]')).not.toBeNull();
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Switzerland');
    expect(input).toHaveValue('Switzerland');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through the options with ArrowDown and ArrowUp and closes with Escape', async () => {
    const { user, input } = setup();
    await user.type(input, 'united');
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options.at(-1)?.id);

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('');
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  });

  it('chooses an option by click and marks it selected', async () => {
    const { user, input } = setup();
    await user.type(input, 'jap');
    await user.click(screen.getByRole('option', { name: 'Japan' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Japan');
    await user.click(input);
    expect(screen.getByRole('option', { name: 'Japan' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps a country typed in full or as a code when the field is left, and restores otherwise', async () => {
    const { user, input } = setup('France');
    await user.clear(input);
    await user.type(input, 'uk');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('United Kingdom');

    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText('No country matches “zzz”')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('United Kingdom');
    expect(input).toHaveValue('United Kingdom');
  });

  it('can be cleared, since the location is optional', async () => {
    const { user } = setup('Brazil');
    await user.click(screen.getByRole('button', { name: 'Clear location' }));
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  });
});
