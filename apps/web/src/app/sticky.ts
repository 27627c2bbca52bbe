import { useRef } from 'react';

/**
 * True from the first render where `on` is true, for good: a part loaded later (React.lazy) mounts once
 * it is first needed (or the first screen is done) and then stays mounted as it always was, keeping its
 * state and its closing animation.
 */
export function useSticky(on: boolean): boolean {
  const seen = useRef(false);
  if (on) seen.current = true;
  return seen.current;
}
