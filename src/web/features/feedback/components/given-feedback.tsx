import type { GivenFeedback as Given } from '../../../../shared/contracts/feedback';
import { RATING_ASPECT_LABELS, RATING_ASPECTS, RATING_MAX } from '../../../../shared/feedback-paths';
import { Stars } from './star-rating';

function RatingValue({ value }: { value: number | null }) {
  if (value === null) return <dd className="text-sm text-neutral-600">Not rated</dd>;
  return (
    <dd className="flex items-center gap-2">
      <Stars value={value} />
      <span aria-hidden="true" className="w-8 text-right text-sm text-neutral-600 tabular-nums">
        {value}/{RATING_MAX}
      </span>
    </dd>
  );
}

/**
 * The feedback as it was given: each rating as stars with its number ("Not rated" for a food or
 * service rating left out), and the comment.
 */
export function GivenFeedbackSummary({ feedback }: { feedback: Given }) {
  return (
    <div data-testid="given-feedback">
      <dl className="flex flex-col gap-2">
        {RATING_ASPECTS.map((aspect) => (
          <div key={aspect} className="flex items-center justify-between gap-3">
            <dt className="text-neutral-700">{RATING_ASPECT_LABELS[aspect]}</dt>
            <RatingValue value={feedback[aspect]} />
          </div>
        ))}
      </dl>
      {feedback.comment && (
        <blockquote className="mt-4 rounded-lg bg-neutral-50 px-4 py-3 text-neutral-800 break-words whitespace-pre-line">
          {feedback.comment}
        </blockquote>
      )}
    </div>
  );
}
