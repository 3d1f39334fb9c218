/**
 * The feedback module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): customer
 * feedback on completed orders, its review and reply. Routes are mounted by app.ts from
 * feedback.routes.ts; what spans modules is in use-cases/leave-feedback.ts and customer-feedback.ts.
 */
export {
  FEEDBACK_TOPIC,
  FEEDBACK_TOPIC_RULES as topicRules,
  type FeedbackFilters,
  type FeedbackPerson,
  type FeedbackRow,
  type FeedbackTotals,
  feedbackOfOrder,
  feedbackPeople,
  feedbackTotals,
  feedbackTrend,
  flaggedUnreviewedCount,
  insertFeedback,
  listFeedback,
  lockFeedback,
  type NewFeedback,
  presentGivenFeedback,
  saveFeedbackReply,
  setFeedbackReviewed,
  type TrendPoint,
} from './feedback.service';
