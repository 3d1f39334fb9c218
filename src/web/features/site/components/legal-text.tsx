import { Fragment, useMemo } from 'react';
import { parseLegalText } from '../parse-legal-text';

interface LegalTextProps {
  text: string;
  /** Anchor the cookies section as #cookies (the privacy policy). */
  anchorCookies?: boolean;
}

/** A legal page's plain text as headings, paragraphs and lists: React nodes only, never HTML. */
export function LegalText({ text, anchorCookies = false }: LegalTextProps) {
  const blocks = useMemo(() => parseLegalText(text, { anchorCookies }), [text, anchorCookies]);
  return (
    <div className="flex flex-col gap-4 text-base/7 text-pretty text-neutral-700">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          return (
            <Heading
              key={key}
              id={block.id}
              className={
                block.level === 2
                  ? 'mt-6 scroll-mt-6 text-xl font-semibold tracking-tight text-neutral-950'
                  : 'mt-2 scroll-mt-6 text-lg font-semibold text-neutral-950'
              }
            >
              {block.text}
            </Heading>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={key} className="flex list-disc flex-col gap-2 pl-6 marker:text-neutral-400">
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are static text in a fixed order
                <li key={itemIndex} className="break-words">
                  {item}
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key} className="break-words">
            {block.lines.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are static text in a fixed order
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
