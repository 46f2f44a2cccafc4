import { conditionLabel, findCountry, findFamily } from '@benchmarket/shared';

/**
 * A name joined to its number in a title ("Mastersizer3000", "QTRAP5500"): three letters or
 * more, then two digits or more, as one word. The full-text parser keeps such a word whole, so
 * 'mastersizer 3000' as a buyer types it found neither half. Migration 0026 applies the same
 * pattern to the listings that existed before.
 */
const JOINED_NAME_NUMBER = /(?<![A-Za-z0-9])([A-Za-z]{3,})([0-9]{2,})(?![A-Za-z0-9])/g;

/** The title's names joined to their numbers, written apart ("Mastersizer 3000"). */
export function joinedNamesApart(title: string): string[] {
  return [...title.matchAll(JOINED_NAME_NUMBER)].map((match) => `${match[1]} ${match[2]}`);
}

/**
 * The words full-text search should know about a listing besides its title and description
 * (the `search_terms` column, weighted between the two): the condition's label, the
 * category's name and synonyms, the country's name and ISO code, the maker and model, and the
 * title's names joined to their numbers written apart. So 'refurbished', 'ULT freezer', 'DE'
 * or 'mastersizer 3000' find listings whose text does not say so.
 */
export function buildSearchTerms(input: {
  title?: string;
  condition: string;
  category: string | null;
  location: string | null;
  manufacturer?: string | null;
  model?: string | null;
}): string {
  const words: string[] = [conditionLabel(input.condition)];
  // Issue 15: the maker and model find the listing ('Sorvall', 'ST 16R', and 'ST16R' as buyers type it).
  if (input.manufacturer) words.push(input.manufacturer);
  if (input.model) words.push(input.model, input.model.replace(/[\s\-_/.]+/g, ''));
  if (input.title) words.push(...joinedNamesApart(input.title));
  const family = findFamily(input.category);
  if (family) words.push(family.name, ...family.synonyms.flat());
  const country = findCountry(input.location);
  if (country) words.push(country.name, country.code);
  return [...new Set(words)].join(' ');
}
