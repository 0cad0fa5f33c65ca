/**
 * A closed box (12 triangles, outward faces) of `length` along a horizontal direction at `angle` (radians from
 * +x towards +z), `thickness` across it and `height` upwards, its base's near corner at (x0, y0, z0).
 */
export function box(length: number, thickness: number, height: number, angle = 0, [x0, y0, z0] = [0, 0, 0]) {
  const [ax, az] = [Math.cos(angle), Math.sin(angle)];
  const [nx, nz] = [-az, ax];
  const corner = (a: number, c: number, y: number) => [x0 + a * ax + c * nx, y0 + y, z0 + a * az + c * nz];
  const points = [
    corner(0, 0, 0), corner(length, 0, 0), corner(length, thickness, 0), corner(0, thickness, 0),
    corner(0, 0, height), corner(length, 0, height), corner(length, thickness, height), corner(0, thickness, height),
  ];
  const faces = [[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7]];
  return { positions: new Float32Array(points.flat()), indices: new Uint32Array(faces.flat()) };
}
