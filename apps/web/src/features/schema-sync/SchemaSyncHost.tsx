/** Mounted once in the app: opens the schema-sync dialog when anyone calls `openSchemaSync()`. */
import { useEffect, useState } from 'react';
import { SCHEMA_SYNC_EVENT, type SchemaSyncEventDetail, type SyncSide } from './events.js';
import { SchemaSyncDialog } from './SchemaSyncDialog.js';

export function SchemaSyncHost() {
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
  return <SchemaSyncDialog open={open} onClose={() => setOpen(false)} initialSource={initialSource} />;
}
