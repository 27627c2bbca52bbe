import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { StartupGate } from './app/StartupGate';
import { initialLocale, setupI18n } from './i18n';
import { useSettings } from './lib/settings';
import './app/app.css';
import { setupPwa } from './lib/pwa';
import { installApiErrorToasts } from './app/api-errors';

setupI18n(initialLocale(useSettings.getState().language));
setupPwa();
installApiErrorToasts();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StartupGate>
      <App />
    </StartupGate>
  </StrictMode>,
);
