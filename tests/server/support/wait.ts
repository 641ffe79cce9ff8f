/**
 * Polls until the condition holds. The ceiling only ends a wait that will never be met: it is generous because the
 * suite shares its cores with everything else on the machine, and a met condition returns at the next poll.
 */
export async function waitFor(condition: () => boolean, what = 'condition', timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
