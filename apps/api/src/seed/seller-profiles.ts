import sharp from 'sharp';
import type { DemoAccountKey } from './demo-accounts.js';

/**
 * Issue 15: the demo seller's and dealer's public profiles (their seller pages, the names on
 * their listings and cards), with a logo drawn here like the catalog's photos. The buyer has
 * none: a profile is only what a seller chooses to show.
 */
export interface DemoSellerProfile {
  displayName: string;
  company: string;
  country: string;
  about: string;
  logo: { initials: string; background: string; foreground: string };
}

export const DEMO_SELLER_PROFILES: Partial<Record<DemoAccountKey, DemoSellerProfile>> = {
  seller: {
    displayName: 'Dr. Hanna Keller',
    company: 'Keller Lab, University of Freiburg',
    country: 'Germany',
    about:
      'We are a molecular biology group moving to a new building and clearing surplus instruments: centrifuges, incubators, ' +
      'pipettes and imaging kit, all used in a BSL-1/BSL-2 lab and decontaminated before pickup. Each listing says what was ' +
      'serviced and when. Pickup in Freiburg or shipping on a pallet at cost.',
    logo: { initials: 'KL', background: '#0f766e', foreground: '#ffffff' },
  },
  dealer: {
    displayName: 'Meridian Scientific',
    company: 'Meridian Scientific Refurbishment Ltd',
    country: 'United Kingdom',
    about:
      'Refurbished and new laboratory and clinical equipment since 2009. Every refurbished unit is inspected, cleaned, repaired ' +
      'with OEM parts where needed and calibrated in our workshop, and comes with a written test report and a 90-day warranty. ' +
      'We ship worldwide and answer questions within a working day.',
    logo: { initials: 'MS', background: '#1e3a8a', foreground: '#fde68a' },
  },
};

/** A 400 × 400 WebP: the initials on a rounded square (what a logo upload is stored as). */
export async function renderLogo(logo: DemoSellerProfile['logo']): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" rx="72" fill="${logo.background}"/>
  <text x="200" y="250" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="150" fill="${logo.foreground}">${logo.initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}
