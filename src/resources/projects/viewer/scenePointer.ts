/** A press that moves less than this (px) is a click (pick), more is an orbit or pan. */
const CLICK_TOLERANCE_PX = 5;

/**
 * Clicks and hovering on the 3D canvas: a click (not a drag) asks which wall lies under the pointer and reports
 * it; hovering turns the pointer into a hand over a wall that can be picked. Returns the function that detaches.
 */
export function attachPicking(canvas: HTMLElement, wallAt: (clientX: number, clientY: number) => number | null, onPick: (wallId: number | null) => void): () => void {
  let pressedAt: { x: number; y: number } | null = null;
  let hoverHandle = 0;
  const down = (event: PointerEvent) => {
    pressedAt = event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
  };
  const up = (event: PointerEvent) => {
    const pressed = pressedAt;
    pressedAt = null;
    if (!pressed || Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > CLICK_TOLERANCE_PX) return;
    onPick(wallAt(event.clientX, event.clientY));
  };
  const move = (event: PointerEvent) => {
    if (event.buttons !== 0 || hoverHandle) return;
    const { clientX, clientY } = event;
    hoverHandle = requestAnimationFrame(() => {
      hoverHandle = 0;
      canvas.style.cursor = wallAt(clientX, clientY) === null ? 'grab' : 'pointer';
    });
  };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointermove', move);
  return () => {
    cancelAnimationFrame(hoverHandle);
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointermove', move);
  };
}
