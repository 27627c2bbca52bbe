/** Where the standalone pricing page lives; kept apart from PricingPage so the app shell can test the path without loading the page (issue 28 point 4). */
export const PRICING_PATH = '/pricing';
export const isPricingPath = (pathname = window.location.pathname) => pathname.replace(/\/+$/, '') === PRICING_PATH;
