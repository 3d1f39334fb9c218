/**
 * Customer feedback's paths, the feedback link and the rating scale, zod-free: the guests'
 * feedback page, the payment page and the receipt use them without loading the contracts
 * (`contracts/feedback.ts` re-exports them).
 */

export const FEEDBACK_API = {
  /** `GET` (what the feedback page shows; `?key=`) and `POST` (leave it, 201) for one order. */
  orderFeedback: (orderId: string) => `/api/orders/${orderId}/feedback`,
  /** `GET`: all feedback, newest first, with filters. */
  list: '/api/admin/feedback',
  /** `GET`: averages, the distribution of overall ratings and the trend, for the same filters. */
  summary: '/api/admin/feedback/summary',
  /** `PATCH { reviewed }`: mark one as reviewed (or not). */
  entry: (id: string) => `/api/admin/feedback/${id}`,
  /** `POST { message }`: e-mail the customer a reply (through the messenger). */
  reply: (id: string) => `/api/admin/feedback/${id}/reply`,
  /** `GET`: messages sent from /contact, newest first. */
  contactMessages: '/api/admin/contact-messages',
  /** `PATCH { handled }`: mark a contact message as handled (or not). */
  contactMessage: (id: string) => `/api/admin/contact-messages/${id}`,
} as const;

/** The feedback page with the order's secret key, as a path. */
export const feedbackLinkPath = (orderId: string, accessKey: string) =>
  `/feedback/${orderId}?key=${encodeURIComponent(accessKey)}`;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** An overall rating at or below this is flagged for the admins. */
export const LOW_RATING = 2;
export const MAX_FEEDBACK_COMMENT = 1000;
export const MAX_FEEDBACK_REPLY = 4000;

export const RATING_ASPECTS = ['overall', 'food', 'service'] as const;
export type RatingAspect = (typeof RATING_ASPECTS)[number];
export const RATING_ASPECT_LABELS: Record<RatingAspect, string> = {
  overall: 'Overall',
  food: 'Food',
  service: 'Service',
};
