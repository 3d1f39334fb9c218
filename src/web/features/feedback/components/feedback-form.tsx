import { Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import type { FeedbackPage } from '../../../../shared/contracts/feedback';
import {
  MAX_FEEDBACK_COMMENT,
  RATING_ASPECT_LABELS,
  RATING_ASPECTS,
  type RatingAspect,
} from '../../../../shared/feedback-paths';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useLeaveFeedback } from '../api/feedback-page-api';
import { StarRating } from './star-rating';

type Ratings = Record<RatingAspect, number | null>;

const NO_RATINGS: Ratings = { overall: null, food: null, service: null };

/** "How was the food? (optional)": each group's question; only the overall rating is required. */
const QUESTIONS: Record<RatingAspect, string> = {
  overall: 'Overall, how was it?',
  food: 'How was the food? (optional)',
  service: 'How was the service? (optional)',
};

const OVERALL_MISSING = 'Choose from 1 to 5 stars for your overall rating.';

/** The server's field issues as sentences ("comment: must be at most 1000 characters"). */
function refusalText(error: unknown): string {
  if (isApiError(error) && error.status === 400) {
    const issues = (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
    if (issues && issues.length > 0) {
      return issues
        .map((issue) => `${RATING_ASPECT_LABELS[issue.path as RatingAspect] ?? 'Comment'}: ${issue.message}.`)
        .join(' ');
    }
  }
  return errorMessage(error);
}

/**
 * The overall rating (required), food and service (optional, and can be cleared once chosen) and an
 * optional comment. Sending without the overall rating says so under it and moves focus there; food
 * and service not rated are sent as null. The server's refusal shows above the button.
 */
export function FeedbackForm({ page, accessKey }: { page: FeedbackPage; accessKey: string | null }) {
  const [ratings, setRatings] = useState<Ratings>(NO_RATINGS);
  const [comment, setComment] = useState('');
  const [overallMissing, setOverallMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const leave = useLeaveFeedback(page.order.id, accessKey);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ratings.overall === null) {
      setOverallMissing(true);
      formRef.current?.querySelector<HTMLInputElement>('input[name="overall"]')?.focus();
      return;
    }
    const text = comment.trim();
    leave.mutate({
      overall: ratings.overall,
      food: ratings.food,
      service: ratings.service,
      ...(text ? { comment: text } : {}),
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-label="Your feedback"
    >
      {RATING_ASPECTS.map((aspect) => (
        <StarRating
          key={aspect}
          name={aspect}
          legend={QUESTIONS[aspect]}
          value={ratings[aspect]}
          onChange={(value) => {
            setRatings((current) => ({ ...current, [aspect]: value }));
            if (aspect === 'overall') setOverallMissing(false);
          }}
          onClear={
            aspect === 'overall' ? undefined : () => setRatings((current) => ({ ...current, [aspect]: null }))
          }
          error={aspect === 'overall' && overallMissing ? OVERALL_MISSING : null}
          disabled={leave.isPending}
        />
      ))}
      <TextAreaField
        label="Anything you would like to tell us? (optional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={MAX_FEEDBACK_COMMENT}
        rows={4}
        className="[&_textarea]:min-h-28"
        description={`${comment.length} of ${MAX_FEEDBACK_COMMENT} characters`}
        disabled={leave.isPending}
      />
      {leave.isError && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {refusalText(leave.error)}
        </p>
      )}
      <Button type="submit" size="lg" isLoading={leave.isPending} className="self-stretch sm:self-start">
        {!leave.isPending && <Send aria-hidden="true" className="size-5" />}
        {leave.isPending ? 'Sending...' : 'Send feedback'}
      </Button>
    </form>
  );
}
