import { z } from 'zod';
import { text } from './common';

/** The legal and help documents; each is also the path name of the drawer that shows it. */
export const CONTENT_SLUGS = [
  'terms',
  'privacy',
  'cookie-policy',
  'betting-rules',
  'exchange-rules',
  'safer-gambling',
  'contact',
  'deposits',
  'promotions',
] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

export const isContentSlug = (value: string): value is ContentSlug =>
  (CONTENT_SLUGS as readonly string[]).includes(value);

/** A slug as it may appear in an address: anything else is simply not found. */
export const contentSlugParam = z.object({
  slug: text()
    .max(64)
    .regex(/^[a-z0-9-]+$/),
});

const contentSummary = z.object({
  slug: text(),
  title: text(),
  version: z.number().int().positive(),
  updatedAt: text(),
  /** Changes whenever the served text changes (a new version, or the promotions running); the offline copy compares it. */
  revision: text(),
});
export type ContentSummary = z.infer<typeof contentSummary>;

export const contentDocument = contentSummary.extend({ body: text() });
export type ContentDocument = z.infer<typeof contentDocument>;

export const contentIndex = z.object({ documents: z.array(contentSummary) });
