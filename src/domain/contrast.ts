/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 … 21); normal text needs 4.5 (AA). */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

export const AA_TEXT_CONTRAST = 4.5;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The text colour to show on a configured background: the configured one when it reaches AA contrast, otherwise black
 * or white, whichever reads better (master data may pair colours that are hard to read).
 */
export function readableTextColour(text: string | null, background: string | null): string | null {
  if (!background || !HEX_COLOUR.test(background)) return text;
  if (text && HEX_COLOUR.test(text) && contrastRatio(text, background) >= AA_TEXT_CONTRAST) return text;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}
