import { useEffect, useState } from 'react';
import { AVATAR_LOAD_RETRIES, AVATAR_RETRY_DELAY_MS, avatarRetryUrl } from '../domain/avatar';

/**
 * The avatar's image address once it has loaded: a failed load is tried again up to AVATAR_LOAD_RETRIES times,
 * AVATAR_RETRY_DELAY_MS apart (spec); undefined while loading and after the last failure, so the avatar shows its
 * initials instead of a broken image. A failure is not shown to the user (spec).
 */
export function useAvatarImage(src: string | undefined): string | undefined {
  const [loaded, setLoaded] = useState<string | undefined>(undefined);
  useEffect(() => {
    setLoaded(undefined);
    if (!src) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      const url = avatarRetryUrl(src, n);
      const image = new Image();
      image.onload = () => {
        if (!cancelled) setLoaded(url);
      };
      image.onerror = () => {
        if (cancelled) return;
        if (n < AVATAR_LOAD_RETRIES) timer = setTimeout(() => attempt(n + 1), AVATAR_RETRY_DELAY_MS);
      };
      image.src = url;
    };
    attempt(0);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [src]);
  return loaded;
}
