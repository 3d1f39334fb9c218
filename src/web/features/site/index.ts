/** The site feature's public entry: what other features, the pages and the app may use of it. */
export { useContactDetails } from './api/get-contact-details';
export { useLegalPage } from './api/get-legal-page';
export { LegalText } from './components/legal-text';
export { legalPageForPath } from './legal-pages';
