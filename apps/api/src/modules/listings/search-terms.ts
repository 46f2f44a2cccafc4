import { conditionLabel, findCountry, findFamily } from '@benchmarket/shared';

/**
 * The words full-text search should know about a listing besides its title and description
 * (the `search_terms` column, weighted between the two): the condition's label, the
 * category's name and synonyms, the country's name and ISO code, the maker and model. So 'refurbished', 'ULT
 * freezer' or 'DE' find listings whose text does not say so.
 */
export function buildSearchTerms(input: {
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
  const family = findFamily(input.category);
  if (family) words.push(family.name, ...family.synonyms.flat());
  const country = findCountry(input.location);
  if (country) words.push(country.name, country.code);
  return [...new Set(words)].join(' ');
}
