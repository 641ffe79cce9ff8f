import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { prebuiltQuery } from '../../server/platform/db/prebuilt-query';
import { executeNamed } from '../../server/platform/db/named-query';
import { lockWallets } from '../../server/modules/wallet/wallet-lock';
import { describeEachDatabase, createUser } from './support/harness';

describeEachDatabase('a query built once and sent with each call’s values', (use) => {
  it('puts each argument where the query uses it, whatever the order, and keeps the values the query fixes', async () => {
    const context = use();
    const db = context.database.db;
    const [first, second] = [await createUser(context, { balance: 700 }), await createUser(context, { balance: 300 })];
    // The arguments reach the SQL in the other order, one of them twice, around a value of the query's own.
    const walletAtLeast = prebuiltQuery(db, (minimum: number, userId: number) =>
      db
        .selectFrom('wallets')
        .select(['user_id', 'balance'])
        .where('user_id', '=', userId)
        .where('currency', '=', 'GBP')
        .where('balance', '>=', minimum)
        .where('user_id', '>=', userId),
    );
    expect(await walletAtLeast(500, first.id)).toEqual([{ user_id: first.id, balance: 700 }]);
    expect(await walletAtLeast(500, second.id)).toEqual([]);
    expect(await walletAtLeast(300, second.id)).toEqual([{ user_id: second.id, balance: 300 }]);
  });

  it('answers calls in flight together each with its own values', async () => {
    const context = use();
    const db = context.database.db;
    const users = await Promise.all([100, 200, 300, 400].map((balance) => createUser(context, { balance })));
    const balanceOf = prebuiltQuery(db, (userId: number) =>
      db.selectFrom('wallets').select('balance').where('user_id', '=', userId),
    );
    const answers = await Promise.all(users.map((user) => balanceOf(user.id)));
    expect(answers).toEqual([[{ balance: 100 }], [{ balance: 200 }], [{ balance: 300 }], [{ balance: 400 }]]);
  });

  it('is a named statement, which PostgreSQL parses once a connection and may keep one plan for', async () => {
    const context = use();
    const user = await createUser(context, { balance: 250 });
    await context.database.db.connection().execute(async (connection) => {
      const build = (userId: number) =>
        connection.selectFrom('wallets').select('balance').where('user_id', '=', userId);
      const balanceOf = prebuiltQuery(connection, build);
      expect(await balanceOf(user.id)).toEqual([{ balance: 250 }]);
      expect(await balanceOf(user.id)).toEqual([{ balance: 250 }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      expect(prepared.rows.map((row) => row.statement)).toContain(build(user.id).compile().sql);
    });
  });

  it('refuses a query an argument never reaches as a parameter, which would send every call the same SQL', () => {
    const db = use().database.db;
    expect(() =>
      prebuiltQuery(db, (userId: number, _unused: string) =>
        db.selectFrom('wallets').select('balance').where('user_id', '=', userId),
      ),
    ).toThrow(/argument 1 never reaches the SQL/);
    expect(() =>
      prebuiltQuery(db, (userId: number) =>
        db
          .selectFrom('wallets')
          .select('balance')
          .where('user_id', '=', sql.lit(Number(userId))),
      ),
    ).toThrow(/argument 0 never reaches the SQL/);
  });

  it('sends a batch as one named statement inside a transaction, whatever its size, each call with its values', async () => {
    const context = use();
    const users = await Promise.all([100, 200, 300].map((balance) => createUser(context, { balance })));
    const ids = users.map((user) => user.id);
    const balances = (userIds: number[]) =>
      sql<{ balance: number }>`SELECT w.balance FROM unnest(${userIds}::int[]) WITH ORDINALITY AS v (user_id, ord)
        JOIN wallets w ON w.user_id = v.user_id ORDER BY v.ord`;
    await context.database.db.connection().execute(async (connection) => {
      await connection.transaction().execute(async (trx) => {
        expect((await executeNamed(trx, balances([ids[2]!]))).rows).toEqual([{ balance: 300 }]);
        expect((await executeNamed(trx, balances([ids[1]!, ids[0]!, ids[2]!]))).rows).toEqual([
          { balance: 200 },
          { balance: 100 },
          { balance: 300 },
        ]);
        // The holds' and releases' wallet locks, for one customer and then three.
        expect([...(await lockWallets(trx, [ids[0]!])).values()]).toEqual([100]);
        expect(await lockWallets(trx, ids)).toEqual(new Map(ids.map((id, k) => [id, [100, 200, 300][k]])));
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        const statements = prepared.rows.map((row) => row.statement);
        expect(statements.filter((text) => text === balances(ids).compile(trx).sql)).toHaveLength(1);
        expect(statements.filter((text) => /FROM wallets WHERE user_id = ANY/.test(text))).toHaveLength(1);
      });
    });
  });
});
