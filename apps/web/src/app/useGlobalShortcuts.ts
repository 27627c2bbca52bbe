import { useEffect } from 'react';
import { GLOBAL_SHORTCUTS, matches } from '../lib/shortcuts';
// Applies the user's rebound shortcuts (Settings → Shortcuts) to GLOBAL_SHORTCUTS before any key arrives.
import '../lib/shortcut-bindings';
import { navigate } from '../lib/router';
import { useSettings } from '../lib/settings';

const ZOOMS = [0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2];

/** Spec 01 §2 fixed global shortcuts: settings, zoom, main tabs. Console and AI shortcuts live with their features. */
export function useGlobalShortcuts(openSettings: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = GLOBAL_SHORTCUTS;
      const { zoom, update } = useSettings.getState();
      const step = (dir: 1 | -1) => {
        const i = ZOOMS.findIndex((z) => z >= zoom - 0.001);
        const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (i < 0 ? 5 : i) + dir))]!;
        update({ zoom: next });
      };
      let handled = true;
      if (matches(e, s.settings)) openSettings();
      else if (matches(e, s.zoomIn)) step(1);
      else if (matches(e, s.zoomOut)) step(-1);
      else if (matches(e, s.zoomReset)) update({ zoom: 1 });
      else if (matches(e, s.workspace)) navigate('workspace');
      else if (matches(e, s.dashboard)) navigate('dashboard');
      else if (matches(e, s.chat)) navigate('chat');
      else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [openSettings]);
}
