import { MessageSquareHeart, Star } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { feedbackPath } from '../../../lib/paths';
import { useFeedbackPage } from '../api/feedback-page-api';

/**
 * On the customer's own order page, once the order is completed: "Rate your order", or "Thanks for
 * your feedback" (which opens what they gave) once they have. Nothing before completion.
 */
export function OrderFeedbackLink({ orderId, status }: { orderId: string; status: string }) {
  const completed = status === 'completed';
  const page = useFeedbackPage(orderId, null, { enabled: completed });
  if (!completed || page.isPending) return null;
  if (page.data?.feedback) {
    return (
      <ButtonLink to={feedbackPath(orderId)} variant="secondary" data-testid="order-feedback-link">
        <MessageSquareHeart aria-hidden="true" className="size-4" />
        Thanks for your feedback
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={feedbackPath(orderId)} data-testid="order-feedback-link">
      <Star aria-hidden="true" className="size-4" />
      Rate your order
    </ButtonLink>
  );
}
