export { GuideHost } from './GuideHost';
export { guideStrings } from './i18n';
export { pickGuide } from './triggers';
