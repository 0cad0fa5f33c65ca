/**
 * The voids of a model read straight from its STEP text and hidden from web-ifc: every
 * `#n=IFCRELVOIDSELEMENT(…);` instance is turned into a comment of the same length (`/*…*\/`), so that web-ifc
 * streams the walls without computing their booleans (ifc-viewer-meshes.ts cuts the openings itself, and hands the
 * walls it cannot cut to web-ifc with the original bytes). Taking the relationships out of the open model
 * (DeleteLine) instead leaves web-ifc several times slower per mesh, see docs/decisions.md.
 */

export interface VoidRelation {
  relId: number;
  /** The element voided (IfcRelVoidsElement.RelatingBuildingElement). */
  element: number;
  /** The opening (RelatedOpeningElement). */
  opening: number;
}

const KEYWORD = Buffer.from('IFCRELVOIDSELEMENT');
const [HASH, EQUALS, OPEN, CLOSE, QUOTE, COMMA, SEMICOLON, SLASH, STAR] = ['#', '=', '(', ')', "'", ',', ';', '/', '*'].map((char) => char.charCodeAt(0));
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

/** `#digits` with optional spaces around, or null. */
function referenceIn(bytes: Uint8Array, start: number, end: number): number | null {
  let i = start;
  while (i < end && isSpace(bytes[i])) i++;
  if (bytes[i] !== HASH) return null;
  let value = 0;
  let digits = 0;
  for (i++; i < end && isDigit(bytes[i]); i++, digits++) value = value * 10 + bytes[i] - 0x30;
  while (i < end && isSpace(bytes[i])) i++;
  return digits && i === end ? value : null;
}

/**
 * One instance at the keyword's position: its start (the `#`), the `;` ending it, its id and its top-level
 * argument spans; null when the text around is not a plain instance of the keyword.
 */
function instanceAt(bytes: Uint8Array, keyword: number) {
  let i = keyword - 1;
  while (i >= 0 && isSpace(bytes[i])) i--;
  if (bytes[i] !== EQUALS) return null;
  for (i--; i >= 0 && isSpace(bytes[i]); i--);
  let id = 0;
  let scale = 1;
  for (; i >= 0 && isDigit(bytes[i]); i--, scale *= 10) id += (bytes[i] - 0x30) * scale;
  if (scale === 1 || bytes[i] !== HASH) return null;
  const start = i;
  let j = keyword + KEYWORD.length;
  while (j < bytes.length && isSpace(bytes[j])) j++;
  if (bytes[j] !== OPEN) return null;
  const commas: number[] = [j];
  let depth = 0;
  let inString = false;
  for (; j < bytes.length; j++) {
    const byte = bytes[j];
    if (inString) {
      if (byte === QUOTE) inString = false;
      // A comment's end inside the instance would end the mask early.
      else if (byte === STAR && bytes[j + 1] === SLASH) return null;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN) depth++;
    else if (byte === CLOSE && --depth === 0) break;
    else if (byte === COMMA && depth === 1) commas.push(j);
  }
  commas.push(j);
  let end = j + 1;
  while (end < bytes.length && isSpace(bytes[end])) end++;
  if (bytes[end] !== SEMICOLON || commas.length !== 7) return null;
  return { id, start, end, argument: (index: number) => referenceIn(bytes, commas[index] + 1, commas[index + 1]) };
}

/**
 * A copy of the bytes with the void relationships commented out, and those relationships. Instances written in
 * an unusual way (lower case, comments inside) stay as they are: web-ifc then computes their booleans itself.
 */
export function maskVoids(bytes: Uint8Array): { masked: Uint8Array; voids: VoidRelation[] } {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const masked = new Uint8Array(bytes.length);
  masked.set(bytes);
  const voids: VoidRelation[] = [];
  for (let at = source.indexOf(KEYWORD), from = 0; at >= 0; at = source.indexOf(KEYWORD, from)) {
    const instance = instanceAt(bytes, at);
    from = instance ? instance.end + 1 : at + KEYWORD.length;
    if (!instance) continue;
    const element = instance.argument(4);
    const opening = instance.argument(5);
    if (element === null || opening === null) continue;
    voids.push({ relId: instance.id, element, opening });
    // `#12=IFCRELVOIDSELEMENT(…);` → `/*2=IFCRELVOIDSELEMENT(…*/`: same length, so nothing else moves.
    masked[instance.start] = SLASH;
    masked[instance.start + 1] = STAR;
    masked[instance.end - 1] = STAR;
    masked[instance.end] = SLASH;
  }
  return { masked, voids };
}
