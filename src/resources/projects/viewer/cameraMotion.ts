import { Box3, Vector3, type PerspectiveCamera } from 'three';

/** Where the camera looks from at first: front right, from above (an architect's three-quarter view). */
export const DEFAULT_VIEW_DIRECTION = new Vector3(0.9, 0.75, 1.25).normalize();
export const MOTION_MS = 380;

export interface CameraPose {
  position: Vector3;
  target: Vector3;
}

/**
 * The pose that shows the whole box, looking along `direction` (from the target towards the camera): the camera
 * backs off just far enough that every corner of the box lies inside the view, with a small margin.
 */
export function poseFor(box: Box3, camera: PerspectiveCamera, direction: Vector3, margin = 1.1): CameraPose {
  const center = box.getCenter(new Vector3());
  const toCamera = direction.clone().normalize();
  const forward = toCamera.clone().negate();
  const worldUp = Math.abs(forward.y) > 0.999 ? new Vector3(0, 0, 1) : new Vector3(0, 1, 0);
  const right = new Vector3().crossVectors(forward, worldUp).normalize();
  const up = new Vector3().crossVectors(right, forward).normalize();
  const tanVertical = Math.tan((camera.fov * Math.PI) / 360);
  const tanHorizontal = tanVertical * camera.aspect;
  // A corner at (x, y) across and z along the view (from the centre) fits when the camera is d + z in front of it
  // with |x| ≤ (d + z)·tan(horizontal) and |y| ≤ (d + z)·tan(vertical).
  let distance = box.getSize(new Vector3()).length() * 0.05 + camera.near;
  for (const corner of corners(box)) {
    const offset = corner.sub(center);
    const depth = offset.dot(forward);
    distance = Math.max(distance, (Math.abs(offset.dot(right)) * margin) / tanHorizontal - depth, (Math.abs(offset.dot(up)) * margin) / tanVertical - depth);
  }
  return { target: center, position: center.clone().add(toCamera.multiplyScalar(distance)) };
}

function corners(box: Box3): Vector3[] {
  const { min, max } = box;
  return [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => new Vector3(bits & 1 ? max.x : min.x, bits & 2 ? max.y : min.y, bits & 4 ? max.z : min.z));
}

/** Near and far planes that keep depth precision for a scene of this size. */
export function clipPlanesFor(box: Box3, camera: PerspectiveCamera): void {
  const size = Math.max(box.getSize(new Vector3()).length(), 1);
  camera.near = size / 2000;
  camera.far = size * 40;
  camera.updateProjectionMatrix();
}

const ease = (t: number) => 1 - Math.pow(1 - t, 3);

/**
 * Moves camera and target to a pose over a short time, asking for a frame on every step; returns a function that
 * stops the motion. Rendering stays on demand: once the pose is reached no more frames are requested.
 */
export function moveCamera(
  camera: PerspectiveCamera,
  target: Vector3,
  pose: CameraPose,
  onStep: () => void,
  onDone: () => void,
  durationMs = MOTION_MS,
): () => void {
  const fromPosition = camera.position.clone();
  const fromTarget = target.clone();
  const start = performance.now();
  let handle = 0;
  const step = () => {
    const t = durationMs <= 0 ? 1 : Math.min(1, (performance.now() - start) / durationMs);
    const k = ease(t);
    camera.position.lerpVectors(fromPosition, pose.position, k);
    target.lerpVectors(fromTarget, pose.target, k);
    onStep();
    if (t < 1) handle = requestAnimationFrame(step);
    else onDone();
  };
  step();
  return () => cancelAnimationFrame(handle);
}
