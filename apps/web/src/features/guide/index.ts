export { GuideHost, LICENCE_ERROR_EVENT } from './GuideHost';
export { guideStrings } from './i18n';
export { pickGuide } from './triggers';
