// Placeholder until this page is built: it says plainly that the area is not available yet.
export { NotAvailablePage as ForgotPasswordPage } from './not-available-page';
