/** The contact feature's public entry: what other features, the pages and the app may use of it. */
export { ContactForm } from './components/contact-form';
