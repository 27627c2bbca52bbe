/** Live check of an invitation code (spec 01 §5): 6 characters are asked of the server (300 ms after typing stops); other lengths are none. */
import { useEffect, useState } from 'react';
import { commerceApi } from './commerce-api';
import { localCodeState, type CodeState } from './rules';

export function useInvitationCheck(code: string): CodeState | 'checking' {
  const [state, setState] = useState<CodeState | 'checking'>(() => localCodeState(code) ?? 'checking');
  useEffect(() => {
    const local = localCodeState(code);
    if (local) {
      setState(local);
      return;
    }
    setState('checking');
    let live = true;
    const timer = setTimeout(() => {
      commerceApi.codeExists(code.trim()).then(
        (ok) => live && setState(ok ? 'valid' : 'invalid'),
        () => live && setState('invalid'),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code]);
  return state;
}
