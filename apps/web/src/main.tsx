import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { StartupGate } from './app/StartupGate';
import { initialLocale, setupI18n } from './i18n';
import { BUNDLED, loadLocaleBundle } from './i18n/messages';
import { useSettings } from './lib/settings';
// antd's component styles, prebuilt (App's theme has zeroRuntime): before the app's own styles, which override them.
import 'antd/dist/antd.css';
import './app/app.css';
import { setupPwa } from './lib/pwa';
import { setApiLanguage } from './lib/api';
import { installApiErrorToasts } from './app/api-errors';
import { startFirstScreenData } from './app/first-screen-data';

function start(): void {
  // startup-prefetch.ts's APP_STARTED: if that script comes after this one, it leaves fetch alone.
  (window as unknown as Record<string, unknown>).__askdbAppStarted = true;
  const locale = initialLocale(useSettings.getState().language);
  // English is in this chunk; Chinese or Japanese strings load now, beside the first screen's requests.
  const strings = setupI18n(locale, BUNDLED, loadLocaleBundle);
  // The first screen's requests leave before App's effect would set it.
  setApiLanguage(locale);
  setupPwa();
  installApiErrorToasts();
  // The first render waits (briefly) for the session and the tree, so it shows the workspace at once (issue 28 point 4).
  void Promise.all([startFirstScreenData(), strings]).then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <StartupGate>
          <App />
        </StartupGate>
      </StrictMode>,
    );
  });
}

start();
