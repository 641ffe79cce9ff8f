import { describe, expect, it } from 'vitest';
import { statedDate } from '../../src/features/legal/statedDate';
import { headingId, tableOfContents } from '../../src/features/legal/toc';

describe('the table of contents of a document', () => {
  it('lists the sections of a document with many, by ids unique to the document', () => {
    const body = [
      'Intro.',
      '## 1. About us',
      'Text.',
      '### Detail',
      '## 2. Definitions',
      '## 3. Eligibility',
      '## 4. Security',
      '## 5. **Verification**',
      '```',
      '## not a heading',
      '```',
    ].join('\n');
    expect(tableOfContents('terms', body)).toEqual([
      { id: 'terms--1-about-us', text: '1. About us', level: 2 },
      { id: 'terms--2-definitions', text: '2. Definitions', level: 2 },
      { id: 'terms--3-eligibility', text: '3. Eligibility', level: 2 },
      { id: 'terms--4-security', text: '4. Security', level: 2 },
      { id: 'terms--5-verification', text: '5. Verification', level: 2 },
    ]);
  });

  it('includes the parts of a document with only a few long sections', () => {
    const body = [
      '## Section A: General rules',
      '### Acceptance',
      '### Stakes',
      '## Section B: Markets',
      '### System bets',
    ].join('\n');
    expect(tableOfContents('betting-rules', body).map((entry) => [entry.level, entry.text])).toEqual([
      [2, 'Section A: General rules'],
      [3, 'Acceptance'],
      [3, 'Stakes'],
      [2, 'Section B: Markets'],
      [3, 'System bets'],
    ]);
  });

  it('makes ids the headings rendered from the same text can share', () => {
    expect(headingId('privacy', 'Who we share it with')).toBe('privacy--who-we-share-it-with');
    expect(headingId('contact', '!!!')).toBe('contact--section');
  });
});

describe('the date a document states', () => {
  it('reads the Last updated line, so the version line matches the text', () => {
    expect(statedDate('# Terms\n\nLast updated: 28 February 2022\n\n## 1. Intro')).toBe('28 February 2022');
    expect(statedDate('# Privacy\n\n**Last updated:** 1 March 2023\n')).toBe('1 March 2023');
    expect(statedDate('# Contact\n\nWrite to us.')).toBeNull();
  });
});
