import { COUNTRIES } from '@benchmarket/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryFlag } from './country-flag';

describe('CountryFlag', () => {
  it('draws every selectable country as an image file of its own, hidden from screen readers (the name stands beside it)', () => {
    const { container } = render(
      <>
        {COUNTRIES.map((country) => (
          <CountryFlag key={country.code} code={country.code} />
        ))}
      </>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.dataset.countryFlag)).toEqual(COUNTRIES.map((country) => country.code));
    for (const image of images) {
      expect(image.getAttribute('src')).toBeTruthy();
      expect(image).toHaveAttribute('alt', '');
      expect(image).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('accepts a lower-case code and draws nothing for a code with no flag', () => {
    const { container } = render(
      <>
        <CountryFlag code="de" />
        <CountryFlag code="ZZ" />
      </>,
    );
    expect([...container.querySelectorAll('img')].map((image) => image.dataset.countryFlag)).toEqual(['DE']);
  });
});
