import { writePng } from '../lib/png.js';
import { tenantLogoKey } from '../services/tenant-logos.js';

type Rgb = [number, number, number];

/** A 5×7 pixel font for the letters of the demo logos. */
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111',
  I: '01110001000010000100001000010001110',
  L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001',
  N: '10001110011010110011100011000110001',
  O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000',
  R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  W: '10001100011000110101101011010101010',
  Y: '10001100010101000100001000010000100',
};

interface DemoLogo {
  word: string;
  tagline: string;
  colour: Rgb;
}

// In the seed's tenant order: Nordstein Porenbeton, Calcon Bouwsystemen, CCL Construction Components.
const DEMO_LOGOS: DemoLogo[] = [
  { word: 'NORDSTEIN', tagline: 'PORENBETON', colour: [21, 101, 192] },
  { word: 'CALCON', tagline: 'BOUWSYSTEMEN', colour: [106, 27, 154] },
  { word: 'CCL', tagline: 'COMPONENTS', colour: [0, 131, 143] },
];

const WIDTH = 240;
const HEIGHT = 100;
const WHITE: Rgb = [255, 255, 255];

class Canvas {
  readonly pixels: Rgb[] = Array.from({ length: WIDTH * HEIGHT }, () => WHITE);

  fill(x: number, y: number, width: number, height: number, colour: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(HEIGHT, y + height); row++) {
      for (let column = Math.max(0, x); column < Math.min(WIDTH, x + width); column++) this.pixels[row * WIDTH + column] = colour;
    }
  }

  text(text: string, x: number, y: number, scale: number, colour: Rgb) {
    for (const [index, letter] of [...text].entries()) {
      const glyph = GLYPHS[letter];
      if (!glyph) continue;
      for (let bit = 0; bit < 35; bit++) {
        if (glyph[bit] === '1') this.fill(x + index * 6 * scale + (bit % 5) * scale, y + Math.floor(bit / 5) * scale, scale, scale, colour);
      }
    }
  }

  png(): Buffer {
    return writePng(WIDTH, HEIGHT, (x, y) => this.pixels[y * WIDTH + x]);
  }
}

const lighter = (colour: Rgb, amount: number): Rgb => colour.map((value) => Math.round(value + (255 - value) * amount)) as Rgb;

/** A wall of offset blocks (the product) beside the name and a tagline, in the tenant's colour. */
function drawLogo(logo: DemoLogo, variant: number): Buffer {
  const canvas = new Canvas();
  for (let row = 0; row < 3; row++) {
    const offset = row % 2 === 1 ? -14 : 0;
    for (let block = 0; block < 3; block++) {
      const x = 12 + offset + block * 30;
      const left = Math.max(12, x);
      const right = Math.min(72, x + 27);
      if (right > left) canvas.fill(left, 22 + row * 19, right - left, 16, row === variant ? logo.colour : lighter(logo.colour, 0.45));
    }
  }
  const scale = Math.max(1, Math.min(3, Math.floor((WIDTH - 92) / (logo.word.length * 6))));
  const wordTop = 50 - Math.round((7 * scale + 12) / 2);
  canvas.text(logo.word, 84, wordTop, scale, logo.colour);
  canvas.text(logo.tagline, 85, wordTop + 7 * scale + 6, 1, lighter(logo.colour, 0.25));
  canvas.fill(0, HEIGHT - 6, WIDTH, 6, logo.colour);
  return canvas.png();
}

/**
 * Demo logos of the seeded tenants (index 0, 1, 2 in seed order); pass the tenants' ids for the
 * storage keys (a fresh database numbers them 1, 2, 3).
 */
export function demoTenantLogos(tenantIds: number[] = [1, 2, 3]): { key: string; bytes: Buffer; tenantIndex: number }[] {
  return DEMO_LOGOS.map((logo, tenantIndex) => ({
    key: tenantLogoKey(String(tenantIds[tenantIndex] ?? tenantIndex + 1)),
    bytes: drawLogo(logo, tenantIndex),
    tenantIndex,
  }));
}
