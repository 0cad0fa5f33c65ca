import { generateIfc, type IfcModelSpec, type IfcWallSpec } from './ifc-demo.js';

export interface LargeIfcOptions {
  storeys: number;
  wallsPerStorey: number;
  /** Default 1. */
  buildings?: number;
  /** Bare walls (about 0.55 kB each) instead of walls with two windows and a property set. */
  plain?: boolean;
  /**
   * What the order proposal reads: quantity sets on walls and openings, the windows filled by IfcWindow, and
   * walls 300, 240, 175 and 365 mm thick in turn (about 6 kB per wall).
   */
  quantities?: boolean;
}

/** The wall thicknesses (m) of a model with quantities, in turn. */
export const LARGE_WALL_THICKNESSES = [0.3, 0.24, 0.175, 0.365];

/** Two windows and the usual wall properties: what makes a real model's walls weigh a few kB each. */
function largeWallDetails(index: number, fill?: 'window'): Pick<IfcWallSpec, 'openings' | 'properties'> {
  return {
    openings: [
      { offset: 0.5, width: 1.01, height: 1.385, sill: 0.885, fill },
      { offset: 2.26, width: 1.01, height: 1.385, sill: 0.885, fill },
    ],
    properties: {
      Reference: `AW-${String(365 + (index % 3) * 60)}`,
      Status: 'New',
      AcousticRating: 'Rw 52 dB',
      FireRating: 'REI 90',
      Combustible: false,
      SurfaceSpreadOfFlame: 'A1',
      ThermalTransmittance: 0.21,
      IsExternal: index % 4 === 0,
      ExtendToStructure: true,
      LoadBearing: index % 2 === 0,
      Compartmentation: false,
      Material: 'Porenbeton PP2-0,35',
    },
  };
}

/**
 * A large model for benchmarks: walls named `B{b}-S{s}-W{w}`, 4 m long. With windows and properties about
 * 4 kB of STEP per wall (20 MB ≈ 5,000 walls); plain about 0.55 kB (20 MB ≈ 36,000 walls).
 */
export function largeIfcModelSpec({ storeys, wallsPerStorey, buildings = 1, plain = false, quantities = false }: LargeIfcOptions): IfcModelSpec {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const wallWidth = String(wallsPerStorey).length;
  return {
    fileName: `Large-${buildings}x${storeys}x${wallsPerStorey}.ifc`,
    projectName: 'Large model',
    siteName: 'Large site',
    quantities,
    buildings: Array.from({ length: buildings }, (_, b) => ({
      name: `Building ${b + 1}`,
      storeys: Array.from({ length: storeys }, (_, s) => ({
        name: `Storey ${pad(s + 1, 2)}`,
        elevation: s * 3,
        walls: Array.from({ length: wallsPerStorey }, (_, index) => ({
          name: `B${b + 1}-S${pad(s + 1, 2)}-W${pad(index + 1, wallWidth)}`,
          length: 4,
          ...(quantities ? { thickness: LARGE_WALL_THICKNESSES[index % LARGE_WALL_THICKNESSES.length] } : {}),
          ...(plain ? {} : largeWallDetails(index, quantities ? 'window' : undefined)),
        })),
      })),
    })),
  };
}

export function generateLargeIfc(options: LargeIfcOptions): string {
  return generateIfc(largeIfcModelSpec(options));
}
