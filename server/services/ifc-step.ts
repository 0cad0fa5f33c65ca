import { createHash } from 'node:crypto';

/** The STEP (ISO 10303-21) building blocks of the demo IFC writer: entity lines, strings, reals, GlobalIds. */

const IFC_BASE64 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A valid 22-character IFC GlobalId (128 bits in the IFC base64 alphabet) derived from a seed and a counter. */
export function ifcGlobalId(seed: string, counter: number): string {
  const digest = createHash('md5').update(`${seed}:${counter}`).digest();
  let value = 0n;
  for (const byte of digest) value = (value << 8n) | BigInt(byte);
  let id = IFC_BASE64[Number(value >> 126n)];
  for (let shift = 120n; shift >= 0n; shift -= 6n) id += IFC_BASE64[Number((value >> shift) & 63n)];
  return id;
}

/** A STEP string literal: quotes and backslashes escaped, everything outside printable ASCII as \X2\ or \X4\. */
export function stepString(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code === 0x27) out += "''";
    else if (code === 0x5c) out += '\\\\';
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code <= 0xffff) out += `\\X2\\${code.toString(16).toUpperCase().padStart(4, '0')}\\X0\\`;
    else out += `\\X4\\${code.toString(16).toUpperCase().padStart(8, '0')}\\X0\\`;
  }
  return `'${out}'`;
}

/** A STEP real: always with a decimal point, exponent in upper case. */
export function real(value: number): string {
  const text = String(Math.round(value * 1e6) / 1e6);
  const [mantissa, exponent] = text.split('e');
  const withPoint = mantissa.includes('.') ? mantissa : `${mantissa}.`;
  return exponent === undefined ? withPoint : `${withPoint}E${exponent}`;
}

export const ref = (id: number) => `#${id}`;
export const refs = (ids: number[]) => `(${ids.map(ref).join(',')})`;

export class StepWriter {
  readonly lines: string[] = [];
  private next = 1;
  private guids = 0;
  private detailGuids = 0;

  constructor(private readonly seed: string) {}

  add(entity: string): number {
    const id = this.next++;
    this.lines.push(`#${id}=${entity};`);
    return id;
  }

  guid(): string {
    return stepString(ifcGlobalId(this.seed, this.guids++));
  }

  /**
   * GlobalIds of the details added later (quantity sets, doors, windows) come from a sequence of their own, so
   * the GlobalIds of projects, storeys and walls stay what they were before those details existed.
   */
  detailGuid(): string {
    return stepString(ifcGlobalId(`${this.seed}:details`, this.detailGuids++));
  }
}
