/** `true` only once `value` has stayed true for `ms` (busy indicators that do not flash for quick runs). */
import { useEffect, useState } from 'react';

export function useDelayedTrue(value: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!value) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return value && shown;
}
