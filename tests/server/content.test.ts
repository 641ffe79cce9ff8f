import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { describeEachDatabase, operator, TEST_CONFIG, type TestContext } from './support/harness';
import { HOUR } from '../../server/platform/clock';
import { pamCommands } from '../../server/modules/operator/commands';
import { CONTENT_SLUGS, contentDocument, contentIndex, type ContentDocument } from '../../src/contract/content';
import { ContentService, NO_PROMOTIONS, promotionsMarkdown } from '../../server/modules/content/service';
import { loadConfig, PLACEHOLDER_COMPANY } from '../../server/config';

async function served(context: TestContext, slug: string): Promise<ContentDocument> {
  const response = await context.request({ method: 'GET', url: `/content/${slug}` });
  expect(response.statusCode, `GET /content/${slug}`).toBe(200);
  return contentDocument.parse(response.json());
}

/** Where each customer-facing figure of spec 001 section 9 must be written. */
const figures: Array<[string, string[]]> = [
  ['£5', ['deposits', 'terms']],
  ['£10,000', ['deposits', 'terms', 'betting-rules', 'exchange-rules']],
  ['£1', ['exchange-rules']],
  ['2%', ['exchange-rules']],
  ['1 to 3 business days', ['deposits', 'terms']],
  ['24 hours', ['deposits', 'terms']],
  ['3 to 5 working days', ['deposits', 'terms']],
  ['1 to 30 days', ['safer-gambling', 'terms']],
  ['6 months', ['safer-gambling', 'terms']],
  ['1 year', ['safer-gambling', 'terms']],
  ['3 years', ['safer-gambling']],
  ['5 years', ['safer-gambling', 'terms']],
  ['£0.10', ['betting-rules', 'terms']],
  ['£200,000', ['betting-rules', 'terms']],
  ['12 months', ['terms', 'contact']],
  ['8 weeks', ['terms', 'contact']],
  ['6 years', ['terms', 'privacy']],
  ['365 days', ['terms', 'privacy']],
  ['24 months', ['terms']],
  ['28 February 2022', ['privacy']],
  ['18', ['terms', 'promotions', 'safer-gambling']],
  ['90 minutes', ['betting-rules']],
  ['12 hours', ['betting-rules']],
  ['3 months', ['betting-rules']],
  ['90%', ['betting-rules']],
  ['10 consecutive matches', ['betting-rules']],
  ['50%', ['betting-rules']],
  ['one decimal', ['betting-rules', 'terms']],
  ['6 points', ['betting-rules']],
  ['12 offers', ['betting-rules', 'terms']],
  ['72 hours', ['terms']],
];

const systemBets: Array<[string, number]> = [
  ['Trixie', 3],
  ['Patent', 3],
  ['Yankee', 4],
  ['Canadian', 5],
  ['Heinz', 6],
  ['Super Heinz', 7],
  ['Goliath', 8],
];

describeEachDatabase('content', (use) => {
  it('serves every document with its title, version, date and text, and lists them all in the index', async () => {
    const context = use();
    const index = contentIndex.parse((await context.request({ method: 'GET', url: '/content' })).json());
    expect(index.documents.map((document) => document.slug).sort()).toEqual([...CONTENT_SLUGS].sort());
    for (const slug of CONTENT_SLUGS) {
      const document = await served(context, slug);
      expect(document.version).toBe(1);
      expect(document.body.length).toBeGreaterThan(500);
      expect(document.body).not.toMatch(/\{\{\w+\}\}/);
      expect(document.body.startsWith('# ')).toBe(false);
      expect(index.documents.find((entry) => entry.slug === slug)).toMatchObject({
        title: document.title,
        version: document.version,
        revision: document.revision,
      });
    }
    expect((await served(context, 'terms')).title).toBe('Terms & Conditions');
    expect((await served(context, 'cookie-policy')).title).toBe('Cookie Policy');
    expect((await served(context, 'deposits')).title).toBe('Deposits & Withdrawals');
  });

  it('writes every customer-facing figure of the business constants into the documents where it belongs', async () => {
    const context = use();
    const bodies = new Map<string, string>();
    for (const slug of CONTENT_SLUGS) bodies.set(slug, (await served(context, slug)).body);
    const missing = figures.flatMap(([figure, slugs]) =>
      slugs
        .filter(
          (slug) =>
            !new RegExp(`(?<![0-9]|[0-9][.,])${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9]|[.,][0-9])`).test(
              bodies.get(slug)!,
            ),
        )
        .map((slug) => `${figure} in ${slug}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists each named system bet with its number of selections, up to Goliath', async () => {
    const rules = (await served(use(), 'betting-rules')).body;
    for (const [name, selections] of systemBets)
      expect(rules, name).toMatch(new RegExp(`\\| ${name}[^|]*\\| ${selections} \\|`));
  });

  it('has terms clauses 1 to 27 in order, each with complete sub-clauses, including the clauses the specification names', async () => {
    const terms = (await served(use(), 'terms')).body;
    const headings = [...terms.matchAll(/^## (\d+)\. (.+)$/gm)];
    expect(headings.map((match) => Number(match[1]))).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    const titles = new Map(headings.map((match) => [Number(match[1]), match[2]!]));
    expect(titles.get(19)).toMatch(/Intellectual property/i);
    expect(titles.get(20)).toMatch(/Promotions/i);
    expect(titles.get(21)).toMatch(/Contact/i);
    expect(titles.get(22)).toMatch(/Miscellaneous/i);
    expect(titles.get(23)).toMatch(/Governing law/i);
    const sections = terms.split(/^## \d+\. .+$/m).slice(1);
    sections.forEach((section, i) => {
      const clause = i + 1;
      const text = section.trim();
      expect(text.length, `clause ${clause} has text`).toBeGreaterThan(40);
      expect(text, `clause ${clause} has numbered sub-clauses`).toMatch(new RegExp(`^${clause}\\.1 `, 'm'));
      // Cut off mid-sentence is exactly what the old text suffered from: every clause ends a sentence.
      expect(text.replace(/\*+$/, ''), `clause ${clause} ends a sentence`).toMatch(/[.):;]$/);
    });
    for (const defined of [
      'Account',
      'Account Holder',
      'bet',
      'stake',
      'payout',
      'odds',
      'system bet',
      'accumulator',
      'free bet',
      'cash out',
    ]) {
      expect(terms, defined).toMatch(new RegExp(`\\*\\*"?${defined}"?\\*\\*`, 'i'));
    }
  });

  it('fills in the support e-mail from configuration and says honestly when no promotion is running', async () => {
    const context = use();
    const contact = await served(context, 'contact');
    expect(contact.body).toContain(TEST_CONFIG.supportEmail);
    expect((await served(context, 'promotions')).body).toContain(NO_PROMOTIONS);
  });

  it('lists the promotions the operator has created on the Promotions page, and the revision follows them', async () => {
    const context = use();
    const before = await served(context, 'promotions');
    await context.services.promotions.create({
      code: `SPRING${context.kind.toUpperCase()}`,
      title: 'Spring free bet',
      description: 'Bet £10, get a £5 free bet.',
      endsAt: new Date('2026-07-01T12:00:00Z'),
    });
    const after = await served(context, 'promotions');
    expect(after.body).toContain('### Spring free bet');
    expect(after.body).toContain(`Promo code: **SPRING${context.kind.toUpperCase()}**`);
    expect(after.body).not.toContain(NO_PROMOTIONS);
    expect(after.version).toBe(before.version);
    expect(after.revision).not.toBe(before.revision);
  });

  it('answers with an ETag the browser revalidates, and 304 when nothing changed', async () => {
    const context = use();
    const first = await context.request({ method: 'GET', url: '/content/terms' });
    expect(first.headers['cache-control']).toContain('no-cache');
    expect(first.headers.etag).toBe(`"${first.json().revision}"`);
    expect(first.headers['x-content-version']).toBe('1');
    const again = await context.request({
      method: 'GET',
      url: '/content/terms',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404, never 500, for slugs that are not documents, and writes nothing', async () => {
    const context = use();
    const before = await context.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const slug of [
      'nope',
      'TERMS',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'terms.md',
      'a'.repeat(64),
      "terms'--",
      '%F0%9F%98%80',
      'terms%20',
      '__proto__',
      'constructor',
    ]) {
      const response = await context.request({ method: 'GET', url: `/content/${slug}` });
      expect(response.statusCode, slug).toBe(404);
      expect(typeof response.json().message).toBe('string');
    }
    const huge = await context.request({ method: 'GET', url: `/content/${'a'.repeat(5000)}` });
    expect([404, 414]).toContain(huge.statusCode);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await context.request({ method, url: '/content/terms', payload: { body: 'x' } });
      expect(response.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, method).toBeLessThan(500);
    }
    const after = await context.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lets the operator list, show and replace a document: the next version is served at once and the old one is kept', async () => {
    const context = use();
    const command = pamCommands.find('content')!;
    const listed = (await command.run(context.services, ['list'])) as Array<{ slug: string; version: number }>;
    const before = listed.find((entry) => entry.slug === 'cookie-policy')!;
    const dir = mkdtempSync(join(tmpdir(), 'bx-content-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'cookie-policy.md');
    writeFileSync(
      file,
      '# Cookie Policy\n\nWe now use only one cookie, the consent cookie. Questions: {{supportEmail}}.\n',
    );
    context.clock.advance(HOUR);
    const replaced = (await command.run(context.services, ['replace', 'cookie-policy', file])) as {
      version: number;
      updatedAt: string;
    };
    expect(replaced.version).toBe(before.version + 1);
    expect(replaced.updatedAt).toBe(context.clock.now().toISOString());
    const document = await served(context, 'cookie-policy');
    expect(document).toMatchObject({ version: before.version + 1, title: 'Cookie Policy' });
    expect(document.body).toContain(
      `We now use only one cookie, the consent cookie. Questions: ${TEST_CONFIG.supportEmail}.`,
    );
    const shown = (await command.run(context.services, ['show', 'cookie-policy'])) as {
      versions: Array<{ version: number }>;
    };
    expect(shown.versions.map((version) => version.version)).toEqual([before.version + 1, before.version]);
    // A restart seeds only what is missing: the operator's version stays.
    await new ContentService({ db: context.database.db, clock: context.clock, supportEmail: 'x@example.com' }).seed();
    expect((await served(context, 'cookie-policy')).version).toBe(before.version + 1);
  });

  it("brings an earlier release's text up to this release's as the next version on restart, and never touches the operator's", async () => {
    const context = use();
    const before = await served(context, 'deposits');
    // The database as an earlier release left it: its shipped deposits text promised Apple Pay.
    await context.database.db
      .updateTable('documents')
      .set({ body: 'We take Apple Pay.' })
      .where('slug', '=', 'deposits')
      .where('version', '=', before.version)
      .execute();
    const dir = mkdtempSync(join(tmpdir(), 'bx-content-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'cookie-policy.md'), '# Cookie Policy\n\nThe operator wrote this.\n');
    await pamCommands
      .find('content')!
      .run(context.services, ['replace', 'cookie-policy', join(dir, 'cookie-policy.md')]);
    const operatorText = await served(context, 'cookie-policy');

    await new ContentService({
      db: context.database.db,
      clock: context.clock,
      supportEmail: TEST_CONFIG.supportEmail,
    }).seed();
    const after = await served(context, 'deposits');
    expect(after.version).toBe(before.version + 1);
    expect(after.body).toBe(before.body);
    const versions = await context.database.db
      .selectFrom('documents')
      .select(['version', 'body', 'shipped'])
      .where('slug', '=', 'deposits')
      .orderBy('version')
      .execute();
    expect(versions.map((row) => [row.version, row.shipped])).toEqual([
      [before.version, true],
      [before.version + 1, true],
    ]);
    expect(versions[0]!.body).toBe('We take Apple Pay.');
    expect(await served(context, 'cookie-policy')).toEqual(operatorText);
    // A second restart with nothing new writes nothing.
    await new ContentService({
      db: context.database.db,
      clock: context.clock,
      supportEmail: TEST_CONFIG.supportEmail,
    }).seed();
    expect((await served(context, 'deposits')).version).toBe(before.version + 1);
  });

  it('refuses operator replacements that are not documents, and changes nothing', async () => {
    const context = use();
    const command = pamCommands.find('content')!;
    const dir = mkdtempSync(join(tmpdir(), 'bx-content-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const untitled = join(dir, 'untitled.md');
    writeFileSync(untitled, 'No title line here.\n');
    const empty = join(dir, 'empty.md');
    writeFileSync(empty, '# Terms\n\n');
    const good = join(dir, 'good.md');
    writeFileSync(good, '# Whatever\n\nText.\n');
    const version = (await served(context, 'terms')).version;
    await expect(command.run(context.services, ['replace', 'terms', untitled])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(command.run(context.services, ['replace', 'terms', empty])).rejects.toMatchObject({ statusCode: 400 });
    await expect(command.run(context.services, ['replace', 'terms', join(dir, 'missing.md')])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(command.run(context.services, ['replace', 'nope', good])).rejects.toMatchObject({ statusCode: 404 });
    await expect(command.run(context.services, ['replace', 'terms'])).rejects.toMatchObject({ statusCode: 400 });
    await expect(command.run(context.services, ['frobnicate'])).rejects.toMatchObject({ statusCode: 400 });
    await expect(command.run(context.services, ['show', 'nope'])).rejects.toMatchObject({ statusCode: 404 });
    expect((await served(context, 'terms')).version).toBe(version);
  });

  it('promises only what the product does: debit cards only, amounts in pence, withdrawals to a deposit card, GAMSTOP as checked, partial cash out', async () => {
    const context = use();
    const [deposits, terms, safer, rules] = await Promise.all(
      ['deposits', 'terms', 'safer-gambling', 'betting-rules'].map(async (slug) => (await served(context, slug)).body),
    );
    for (const [slug, body] of [
      ['deposits', deposits],
      ['terms', terms],
    ] as const) {
      const payments = slug === 'terms' ? body.slice(body.indexOf('## 6.'), body.indexOf('## 8.')) : body;
      // The cashier takes debit cards through the card provider; there is no Apple Pay or Google Pay to offer.
      expect(payments, slug).not.toMatch(/Apple Pay|Android Pay|Google Pay/);
      expect(payments, slug).toMatch(/debit card/);
      expect(payments, slug).not.toMatch(/whole pounds/);
      expect(payments, slug).toMatch(/pounds and pence/);
      expect(payments, slug).toMatch(/[Ww]ithdrawals? (go|are paid) back to a card you have deposited with/);
    }
    for (const body of [terms, safer]) {
      expect(body).toMatch(
        /GAMSTOP(\]\([^)]*\))? when you register, each time you sign in, and before a deposit if we have not checked in the last day/,
      );
      expect(body).toMatch(/If we cannot reach GAMSTOP/);
    }
    expect(terms).toMatch(/settle all or part of an unsettled bet/);
    expect(rules).toMatch(/settle all or part of an unsettled single or accumulator/);
  });

  it('states the company name and address from configuration, and placeholders that say so when none is set', async () => {
    const context = use();
    for (const slug of ['terms', 'privacy', 'contact']) {
      const body = (await served(context, slug)).body;
      expect(body, slug).toContain(PLACEHOLDER_COMPANY.name);
      expect(body, slug).not.toMatch(/Exchange Sportsbook Ltd|Manchester M1 1AA/);
    }
    expect((await served(context, 'contact')).body).toContain(PLACEHOLDER_COMPANY.postalAddress);
    const configured = new ContentService({
      db: context.database.db,
      clock: context.clock,
      supportEmail: 'help@operator.test',
      company: { name: 'Real Operator plc', postalAddress: '2 High Street, Leeds LS1 1AA' },
    });
    const terms = (await configured.get('terms')).body;
    expect(terms).toContain('ExSport is a trading name of Real Operator plc');
    expect(terms).toContain('Our postal address is 2 High Street, Leeds LS1 1AA.');
    expect(terms).not.toContain('placeholder');
    expect(
      loadConfig({
        COMPANY_NAME: ' Real Operator plc ',
        COMPANY_ADDRESS: '2 High Street, Leeds LS1 1AA',
        DATA_DIR: TEST_CONFIG.dataDir,
      }).company,
    ).toEqual({ name: 'Real Operator plc', postalAddress: '2 High Street, Leeds LS1 1AA' });
    expect(loadConfig({ DATA_DIR: TEST_CONFIG.dataDir }).company).toEqual(PLACEHOLDER_COMPANY);
  });

  it('goes through the operator dispatcher like the command line does', async () => {
    const context = use();
    const response = await operator(context, 'content', 'show', 'privacy');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ slug: 'privacy', title: 'Privacy Policy' });
  });
});

it('lists running promotions as text that cannot become links or headings', () => {
  expect(promotionsMarkdown([])).toBe(NO_PROMOTIONS);
  const text = promotionsMarkdown([
    {
      title: 'Free [bet](https://evil.example)',
      description: '# Big',
      code: 'WELCOME10',
      endsAt: '2026-12-31T12:00:00Z',
    },
  ]);
  expect(text).toContain('### Free \\[bet\\]\\(https://evil\\.example\\)');
  expect(text).toContain('\\# Big');
  expect(text).toContain('Promo code: **WELCOME10**');
  expect(text).toContain('Ends 31 December 2026');
});
