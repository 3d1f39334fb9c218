import type { GivenFeedback as Given } from '../../../../shared/contracts/feedback';
import { RATING_ASPECT_LABELS, RATING_ASPECTS } from '../../../../shared/feedback-paths';
import { Stars } from './star-rating';

/** The feedback as it was given: each rating as stars with its number, and the comment. */
export function GivenFeedbackSummary({ feedback }: { feedback: Given }) {
  return (
    <div data-testid="given-feedback">
      <dl className="flex flex-col gap-2">
        {RATING_ASPECTS.map((aspect) => (
          <div key={aspect} className="flex items-center justify-between gap-3">
            <dt className="text-neutral-700">{RATING_ASPECT_LABELS[aspect]}</dt>
            <dd className="flex items-center gap-2">
              <Stars value={feedback[aspect]} />
              <span aria-hidden="true" className="w-8 text-right text-sm text-neutral-600 tabular-nums">
                {feedback[aspect]}/5
              </span>
            </dd>
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
