import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { StartupGate } from './app/StartupGate';
import { initialLocale, setupI18n } from './i18n';
import { useSettings } from './lib/settings';
import './app/app.css';
import { setupPwa } from './lib/pwa';
import { setApiLanguage } from './lib/api';
import { installApiErrorToasts } from './app/api-errors';
import { startFirstScreenData } from './app/first-screen-data';

const locale = initialLocale(useSettings.getState().language);
setupI18n(locale);
// The first screen's requests leave before App's effect would set it.
setApiLanguage(locale);
setupPwa();
installApiErrorToasts();
// The first render waits (briefly) for the session and the tree, so it shows the workspace at once (issue 28 point 4).
void startFirstScreenData().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StartupGate>
        <App />
      </StartupGate>
    </StrictMode>,
  ),
);
