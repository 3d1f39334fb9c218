/**
 * Reads the plain-text format of the legal pages into blocks for React to render (never as HTML):
 * paragraphs separated by blank lines, `## ` headings (`### ` for a sub-heading) and `- ` list items.
 * Single line breaks inside a paragraph are kept.
 */
export type LegalBlock =
  | { kind: 'heading'; level: 2 | 3; text: string; id: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; items: string[] };

/** The anchor of the privacy policy's cookies section; the cookie banner links to it. */
export const COOKIES_ANCHOR = 'cookies';

// Ids the app shell uses already.
const RESERVED_IDS = new Set(['root', 'main', 'mobile-menu', COOKIES_ANCHOR]);

function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

const HEADING = /^(#{1,3})\s+(.+)$/;
const LIST_ITEM = /^[-*•]\s+(.+)$/;

/**
 * `anchorCookies`: the first heading that mentions cookies gets the id `cookies` (privacy policy).
 * Every other heading gets an id made from its text, unique on the page.
 */
export function parseLegalText(text: string, options: { anchorCookies?: boolean } = {}): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  const usedIds = new Set<string>();
  let cookiesAnchored = !options.anchorCookies;

  function headingId(title: string): string {
    if (!cookiesAnchored && /cookie/i.test(title)) {
      cookiesAnchored = true;
      return COOKIES_ANCHOR;
    }
    const base = slugOf(title);
    let id = base;
    for (let n = 2; usedIds.has(id) || RESERVED_IDS.has(id); n++) id = `${base}-${n}`;
    usedIds.add(id);
    return id;
  }

  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const rawLine of chunk.split('\n')) {
      const line = rawLine.trim();
      if (!line) continue;
      const heading = HEADING.exec(line);
      const item = LIST_ITEM.exec(line);
      if (heading) {
        flush();
        const title = heading[2]!.trim();
        blocks.push({
          kind: 'heading',
          level: heading[1]!.length === 3 ? 3 : 2,
          text: title,
          id: headingId(title),
        });
      } else if (item) {
        if (paragraph.length > 0) flush();
        list.push(item[1]!.trim());
      } else if (list.length > 0 && /^\s/.test(rawLine)) {
        // An indented line continues the list item above it.
        list[list.length - 1] = `${list[list.length - 1]} ${line}`;
      } else {
        if (list.length > 0) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}
