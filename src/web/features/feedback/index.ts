/** The feedback feature's public entry: what other features, the pages and the app may use of it. */
export {
  useFeedbackEntries,
  useFeedbackSummary,
  useFollowFeedback,
  useMarkReviewed,
} from './api/admin-feedback-api';
export { useFeedbackPage } from './api/feedback-page-api';
export { ContactMessages } from './components/contact-messages';
export { FeedbackEntryItem } from './components/feedback-entry-item';
export { FeedbackFiltersBar } from './components/feedback-filters-bar';
export { FeedbackForm } from './components/feedback-form';
export { RatingDistribution, SummaryTiles } from './components/feedback-summary';
export { FeedbackTrend } from './components/feedback-trend';
export { GivenFeedbackSummary } from './components/given-feedback';
export { OrderFeedbackLink } from './components/order-feedback-link';
export { ReplyDialog } from './components/reply-dialog';
export { type FeedbackFilters, hasFilters, NO_FEEDBACK_FILTERS } from './feedback-model';
