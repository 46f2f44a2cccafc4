import sharp from 'sharp';
import { ILLUSTRATIONS, paletteOf, type IllustrationId } from './illustrations.js';

/**
 * Generated photos for the demo catalog: a flat illustration of the equipment family with
 * the manufacturer and model as a caption, as WebP (1200 × 900) plus a thumbnail
 * (400 × 300) — the same sizes the photo upload produces.
 *
 * Speed: each family's picture is rasterised once and kept as raw pixels at both sizes; a
 * listing only adds its caption and is encoded. Listings of the same model share one encoding.
 */

const PHOTO_WIDTH = 1200;
const PHOTO_HEIGHT = 900;
const THUMBNAIL_WIDTH = 400;
const THUMBNAIL_HEIGHT = 300;
const CAPTION_TOP = 720;
const CAPTION_HEIGHT = PHOTO_HEIGHT - CAPTION_TOP;
const THUMBNAIL_SCALE = THUMBNAIL_WIDTH / PHOTO_WIDTH;
const FULL_RAW = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } as const;
const THUMBNAIL_RAW = { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, channels: 3 } as const;

export interface PhotoSubject {
  illustration: IllustrationId;
  /** The family's colour, '#rrggbb'. */
  color: string;
  /** Shown in the corner chip, e.g. 'Centrifuges'. */
  familyName: string;
  manufacturer: string;
  model: string;
}

interface RenderedPhoto {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A rough width of DejaVu Sans text, in em, so long captions can be set smaller. */
function textWidthEm(text: string, bold: boolean): number {
  let em = 0;
  for (const c of text) {
    if (c === ' ') em += 0.35;
    else if (/[il.,:;'|!]/.test(c)) em += bold ? 0.36 : 0.3;
    else if (/[A-Z0-9]/.test(c)) em += bold ? 0.8 : 0.7;
    else em += bold ? 0.7 : 0.62;
  }
  return em;
}

function fitFontSize(text: string, maxSize: number, maxWidth: number, bold: boolean): number {
  return Math.max(24, Math.min(maxSize, Math.floor(maxWidth / Math.max(1, textWidthEm(text, bold)))));
}

function baseSvg(subject: PhotoSubject): string {
  const palette = paletteOf(subject.color);
  const chip = escapeXml(subject.familyName.toUpperCase());
  const chipWidth = Math.round(textWidthEm(subject.familyName.toUpperCase(), true) * 22 + 48);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">
  <rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="${palette.pale}"/>
  <circle cx="1040" cy="120" r="260" fill="#ffffff" opacity="0.45"/>
  <circle cx="140" cy="640" r="200" fill="#ffffff" opacity="0.35"/>
  <rect x="40" y="36" width="${chipWidth}" height="44" rx="22" fill="${palette.main}"/>
  <text x="${40 + chipWidth / 2}" y="66" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="20" letter-spacing="1" fill="#ffffff">${chip}</text>
  ${ILLUSTRATIONS[subject.illustration](palette)}
  <rect x="0" y="${CAPTION_TOP}" width="${PHOTO_WIDTH}" height="${CAPTION_HEIGHT}" fill="#ffffff"/>
  <rect x="0" y="${CAPTION_TOP}" width="16" height="${CAPTION_HEIGHT}" fill="${palette.main}"/>
  <text x="1160" y="64" text-anchor="end" font-family="DejaVu Sans" font-size="18" fill="#7b8794">Illustration · BenchMarket demo</text>
</svg>`;
}

/** The caption band's text, drawn at `scale` (1 for the photo, 1/3 for the thumbnail). */
function captionSvg(subject: PhotoSubject, scale: number): string {
  const maker = subject.manufacturer;
  const model = subject.model;
  const makerSize = fitFontSize(maker, 36, 1080, false);
  const modelSize = fitFontSize(model, 74, 1080, true);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH * scale}" height="${CAPTION_HEIGHT * scale}" viewBox="0 0 ${PHOTO_WIDTH} ${CAPTION_HEIGHT}">
  <text x="56" y="62" font-family="DejaVu Sans" font-size="${makerSize}" fill="#52606d">${escapeXml(maker)}</text>
  <text x="54" y="${62 + 22 + modelSize}" font-family="DejaVu Sans" font-weight="bold" font-size="${modelSize}" fill="#1f2933">${escapeXml(model)}</text>
</svg>`;
}

interface PhotoRenderer {
  render(subject: PhotoSubject): Promise<RenderedPhoto>;
}

export function createPhotoRenderer(): PhotoRenderer {
  const bases = new Map<string, Promise<{ photo: Buffer; thumbnail: Buffer }>>();
  const photos = new Map<string, Promise<RenderedPhoto>>();

  /** The family's picture without a caption, as raw pixels at both sizes. */
  const base = (subject: PhotoSubject) => {
    const key = `${subject.illustration}|${subject.color}|${subject.familyName}`;
    let pixels = bases.get(key);
    if (!pixels) {
      pixels = (async () => {
        const photo = await sharp(Buffer.from(baseSvg(subject)))
          .removeAlpha()
          .raw()
          .toBuffer();
        const thumbnail = await sharp(photo, { raw: FULL_RAW }).resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT).raw().toBuffer();
        return { photo, thumbnail };
      })();
      bases.set(key, pixels);
    }
    return pixels;
  };

  const draw = async (subject: PhotoSubject): Promise<RenderedPhoto> => {
    const pixels = await base(subject);
    // The caption is drawn at each size (crisper than scaling the photo down) and the
    // composite goes straight into the encoder. Flat colours compress well at low effort.
    const [photo, thumbnail] = await Promise.all([
      sharp(pixels.photo, { raw: FULL_RAW })
        .composite([{ input: Buffer.from(captionSvg(subject, 1)), top: CAPTION_TOP, left: 0 }])
        .webp({ quality: 82, effort: 1 })
        .toBuffer(),
      sharp(pixels.thumbnail, { raw: THUMBNAIL_RAW })
        .composite([{ input: Buffer.from(captionSvg(subject, THUMBNAIL_SCALE)), top: CAPTION_TOP * THUMBNAIL_SCALE, left: 0 }])
        .webp({ quality: 78, effort: 1 })
        .toBuffer(),
    ]);
    return { photo, thumbnail, width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
  };

  return {
    render(subject) {
      const key = `${subject.illustration}|${subject.color}|${subject.familyName}|${subject.manufacturer}|${subject.model}`;
      let photo = photos.get(key);
      if (!photo) {
        photo = draw(subject);
        photos.set(key, photo);
      }
      return photo;
    },
  };
}
