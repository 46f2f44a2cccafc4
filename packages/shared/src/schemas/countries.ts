/** The country list as an API response (spec §3: name, ISO code, flag). */
import { z } from 'zod';

export const CountrySchema = z.object({
  name: z.string(),
  code: z.string().length(2),
  flag: z.string(),
});

export const CountryListSchema = z.array(CountrySchema);
