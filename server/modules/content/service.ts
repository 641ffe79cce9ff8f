import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { CONTENT_SLUGS, isContentSlug, type ContentDocument, type ContentSummary } from '../../../src/contract/content';
import { splitTitle } from './markdown-file';
import { PLACEHOLDER_COMPANY, type CompanyDetails } from '../../config';

/** One running promotion as the Promotions page lists it. */
export interface PromotionLine {
  title: string;
  description?: string | null;
  code?: string | null;
  endsAt?: Date | string | null;
}

export interface ContentDeps {
  db: Db;
  clock: Clock;
  supportEmail: string;
  /** The operator's name and address; placeholders that say so until configured. */
  company?: CompanyDetails;
  /** The promotions the operator has created; absent until that module exists. */
  listPromotions?: () => Promise<PromotionLine[]>;
  documentsDir?: string;
}

export const NO_PROMOTIONS = 'There are no promotions running at the moment.';

const defaultDocumentsDir = fileURLToPath(new URL('./documents/', import.meta.url));

interface StoredDocument {
  slug: string;
  version: number;
  title: string;
  body: string;
  updated_at: Date;
}

const ukDate = (value: Date | string) =>
  new Date(value).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** Markdown text is data here: a promotion's words must not turn into links or headings. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_{}[\]()#+\-.!|<>~])/g, '\\$1');

export function promotionsMarkdown(promotions: PromotionLine[]): string {
  if (promotions.length === 0) return NO_PROMOTIONS;
  return promotions
    .map((promotion) => {
      const parts = [`### ${escapeMarkdown(promotion.title)}`];
      if (promotion.description) parts.push(escapeMarkdown(promotion.description));
      const facts = [
        promotion.code ? `Promo code: **${escapeMarkdown(promotion.code)}**` : null,
        promotion.endsAt ? `Ends ${ukDate(promotion.endsAt)}` : null,
      ].filter(Boolean);
      if (facts.length) parts.push(facts.join(' · '));
      return parts.join('\n\n');
    })
    .join('\n\n');
}

/** Legal and help documents: versioned in the database, seeded from the shipped Markdown, filled in when served. */
export class ContentService {
  private seeding: Promise<void> | undefined;
  private readonly documentsDir: string;

  constructor(private readonly deps: ContentDeps) {
    this.documentsDir = deps.documentsDir ?? defaultDocumentsDir;
  }

  /**
   * Brings the shipped documents up to this release: a missing document gets the file's text as version 1, and
   * one whose latest version is an earlier release's text gets the file's as its next version. A version the
   * operator wrote is never touched.
   */
  seed(): Promise<void> {
    this.seeding ??= this.seedShipped().catch((error) => {
      this.seeding = undefined;
      throw error;
    });
    return this.seeding;
  }

  private async seedShipped(): Promise<void> {
    const latest = new Map((await this.latestRows()).map((row) => [row.slug, row]));
    for (const slug of CONTENT_SLUGS) {
      const current = latest.get(slug);
      if (current && !current.shipped) continue;
      const { title, body } = splitTitle(await readFile(`${this.documentsDir}${slug}.md`, 'utf8'));
      if (current && current.title === title && current.body === body) continue;
      // Two instances starting at once: the primary key lets one of them write the version.
      await this.deps.db
        .insertInto('documents')
        .values({
          slug,
          version: (current?.version ?? 0) + 1,
          title,
          body,
          updated_at: this.deps.clock.now(),
          shipped: true,
        })
        .onConflict((conflict) => conflict.columns(['slug', 'version']).doNothing())
        .execute();
    }
  }

  private latestRows(slug?: string) {
    let query = this.deps.db
      .selectFrom('documents')
      .selectAll()
      .distinctOn('slug')
      .orderBy('slug')
      .orderBy('version', 'desc');
    if (slug) query = query.where('slug', '=', slug);
    return query.execute();
  }

  private async latest(slug?: string): Promise<StoredDocument[]> {
    await this.seed();
    return this.latestRows(slug);
  }

  private async fill(document: StoredDocument, promotions: () => Promise<string>): Promise<ContentDocument> {
    const company = this.deps.company ?? PLACEHOLDER_COMPANY;
    let body = document.body
      .replaceAll('{{supportEmail}}', this.deps.supportEmail)
      .replaceAll('{{companyName}}', company.name)
      .replaceAll('{{postalAddress}}', company.postalAddress);
    if (body.includes('{{promotionsList}}')) body = body.replaceAll('{{promotionsList}}', await promotions());
    const revision = createHash('sha256')
      .update(`${document.version}\n${document.title}\n${body}`)
      .digest('hex')
      .slice(0, 16);
    return {
      slug: document.slug,
      title: document.title,
      version: document.version,
      updatedAt: document.updated_at.toISOString(),
      revision,
      body,
    };
  }

  private promotionsOnce(): () => Promise<string> {
    let text: Promise<string> | undefined;
    return () =>
      (text ??= this.deps.listPromotions
        ? this.deps.listPromotions().then(promotionsMarkdown)
        : Promise.resolve(NO_PROMOTIONS));
  }

  async get(slug: string): Promise<ContentDocument> {
    if (!isContentSlug(slug)) throw notFound('No such document');
    const [document] = await this.latest(slug);
    if (!document) throw notFound('No such document');
    return this.fill(document, this.promotionsOnce());
  }

  async index(): Promise<ContentSummary[]> {
    const promotions = this.promotionsOnce();
    const documents = await Promise.all(
      (await this.latest())
        .filter((document) => isContentSlug(document.slug))
        .map((document) => this.fill(document, promotions)),
    );
    return documents.map(({ body: _body, ...summary }) => summary);
  }

  /** The operator's new text for a document: it becomes the next version at once, no release needed. */
  async replace(slug: string, markdown: string): Promise<ContentSummary> {
    if (!isContentSlug(slug)) throw notFound(`No such document: ${slug}. Documents: ${CONTENT_SLUGS.join(', ')}`);
    const { title, body } = splitTitle(markdown);
    await this.seed();
    const current = await this.deps.db
      .selectFrom('documents')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('slug', '=', slug)
      .executeTakeFirst();
    try {
      await this.deps.db
        .insertInto('documents')
        .values({ slug, version: (current?.version ?? 0) + 1, title, body, updated_at: this.deps.clock.now() })
        .execute();
    } catch (error) {
      // Two replacements at once: the primary key lets only one take the next version.
      if ((error as { code?: string }).code === '23505')
        throw conflict('The document was replaced by someone else at the same time; try again');
      throw error;
    }
    const { body: _body, ...summary } = await this.get(slug);
    return summary;
  }

  /** Every version of a document, newest first, for the operator. */
  async history(slug: string): Promise<Array<{ version: number; title: string; updatedAt: string }>> {
    if (!isContentSlug(slug)) throw notFound(`No such document: ${slug}`);
    await this.seed();
    const rows = await this.deps.db
      .selectFrom('documents')
      .select(['version', 'title', 'updated_at'])
      .where('slug', '=', slug)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => ({ version: row.version, title: row.title, updatedAt: row.updated_at.toISOString() }));
  }
}
