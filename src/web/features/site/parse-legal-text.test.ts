import { describe, expect, it } from 'vitest';
import { parseLegalText } from './parse-legal-text';

describe('parseLegalText', () => {
  it('reads paragraphs, headings and lists', () => {
    const text = 'Intro line one\nline two\n\n## What we collect\n\n- Name\n- E-mail\n\nClosing.';
    expect(parseLegalText(text)).toEqual([
      { kind: 'paragraph', lines: ['Intro line one', 'line two'] },
      { kind: 'heading', level: 2, text: 'What we collect', id: 'what-we-collect' },
      { kind: 'list', items: ['Name', 'E-mail'] },
      { kind: 'paragraph', lines: ['Closing.'] },
    ]);
  });

  it('copes with Windows line breaks, blank lines with spaces and a heading without a blank line', () => {
    const text = '## Title\r\nBody text\r\n  \r\n### Sub\n- a\n  continued\nafter';
    expect(parseLegalText(text)).toEqual([
      { kind: 'heading', level: 2, text: 'Title', id: 'title' },
      { kind: 'paragraph', lines: ['Body text'] },
      { kind: 'heading', level: 3, text: 'Sub', id: 'sub' },
      { kind: 'list', items: ['a continued'] },
      { kind: 'paragraph', lines: ['after'] },
    ]);
  });

  it('anchors the first cookies heading as #cookies and keeps other ids unique and clear of the shell', () => {
    const blocks = parseLegalText('## Main\n\n## Cookies and browser storage\n\n## Cookies\n\n## Main', {
      anchorCookies: true,
    });
    expect(blocks.map((block) => (block.kind === 'heading' ? block.id : null))).toEqual([
      'main-2',
      'cookies',
      'cookies-2',
      'main-3',
    ]);
    expect(parseLegalText('## Cookies').map((block) => (block.kind === 'heading' ? block.id : ''))).toEqual([
      'cookies-2',
    ]);
  });

  it('keeps markup as text', () => {
    expect(parseLegalText('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', lines: ['<img src=x onerror=alert(1)>'] },
    ]);
    expect(parseLegalText('')).toEqual([]);
  });
});
