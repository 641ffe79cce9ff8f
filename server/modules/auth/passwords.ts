import argon2 from 'argon2';

/** A whole number at least `minimum`, or the default when unset; anything else stops the start. */
function readCost(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < minimum)
    throw new Error(`${name} must be a whole number of at least ${minimum}`);
  return cost;
}

/**
 * OWASP's argon2id minimum (19 MiB, 2 iterations, 1 lane) unless ARGON2_MEMORY_KIB and ARGON2_ITERATIONS say
 * otherwise; the test suites lower them (docs/operations.md, Configuration). A check reads its cost from the hash.
 */
export function argon2Options(env: NodeJS.ProcessEnv) {
  return {
    type: argon2.argon2id,
    memoryCost: readCost(env, 'ARGON2_MEMORY_KIB', 19456, 8),
    timeCost: readCost(env, 'ARGON2_ITERATIONS', 2, 1),
    parallelism: 1,
  } as const;
}

const ARGON2_OPTIONS = argon2Options(process.env);

/** Caps concurrent hashes so that a flood of logins queues instead of exhausting CPU and memory. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly capacity: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.capacity) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

const hashing = new Semaphore(4);

export const hashPassword = (password: string) => hashing.run(() => argon2.hash(password, ARGON2_OPTIONS));

export const verifyPassword = (hash: string, password: string) =>
  hashing.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });

/** Spent on unknown e-mails so that timing does not reveal which accounts exist. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-1');
  await verifyPassword(await dummyHash, password);
  return false;
}
