import { useRef, type MouseEvent, type PointerEvent } from 'react';

export type SwipeDirection = 'left' | 'right';

/** How far (px) a finger must travel sideways before a gesture counts as a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

/** A mostly horizontal move of at least the threshold is a swipe; anything else (a tap, scrolling) is not. */
export function swipeDirection(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): SwipeDirection | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'left' : 'right';
}

/** Swiping left turns to the next page, right to the previous one; never past the first or last page. */
export function pageAfterSwipe(page: number, lastPage: number, direction: SwipeDirection): number {
  const next = direction === 'left' ? page + 1 : page - 1;
  return Math.min(Math.max(next, 0), lastPage);
}

/**
 * Pointer handlers for a list container that report touch swipes (mouse drags are ignored). The container
 * needs `touch-action: pan-y`, so that the browser keeps vertical scrolling but leaves sideways moves to us.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown: (event: PointerEvent) => {
      swiped.current = false;
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
      if (!direction) return;
      swiped.current = true;
      onSwipe(direction);
    },
    // A swipe that ends on a row must not also open it.
    onClickCapture: (event: MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
