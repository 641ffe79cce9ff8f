// The browser build resolves 'zod' here (vite.config.ts), so this runs before any schema anywhere is made.
// zod probes for eval with `new Function` on first use; under our CSP (no unsafe-eval) the browser reports that
// probe as a violation even though zod catches it. Without JIT it never probes.
import { z, config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
