/** Mounted once in the app: opens the schema-sync dialog when anyone calls `openSchemaSync()`. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { SCHEMA_SYNC_EVENT, type SchemaSyncEventDetail, type SyncSide } from './events.js';
import { useSticky } from '../../app/sticky';

// Not the first screen (issue 28 point 4): the dialog (steps, tables, selects, the SQL editor) loads when the
// shell's later parts are on screen, or when it is first opened, whichever comes first.
const SchemaSyncDialog = lazy(() => import('./SchemaSyncDialog.js').then((m) => ({ default: m.SchemaSyncDialog })));

export function SchemaSyncHost({ load = true }: { load?: boolean }) {
  const [open, setOpen] = useState(false);
  const [initialSource, setInitialSource] = useState<SyncSide | undefined>();
  useEffect(() => {
    const onOpen = (e: Event) => {
      const source = (e as CustomEvent<SchemaSyncEventDetail | undefined>).detail?.source;
      // A fresh object each time, so the same source handed over twice still resets the dialog.
      setInitialSource(source ? { ...source } : undefined);
      setOpen(true);
    };
    window.addEventListener(SCHEMA_SYNC_EVENT, onOpen);
    return () => window.removeEventListener(SCHEMA_SYNC_EVENT, onOpen);
  }, []);
  const mounted = useSticky(load || open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SchemaSyncDialog open={open} onClose={() => setOpen(false)} initialSource={initialSource} />
    </Suspense>
  );
}
