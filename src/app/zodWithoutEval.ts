import { z } from 'zod';

// zod probes for eval with `new Function` on first use; under our CSP (no unsafe-eval) the browser reports that
// probe as a violation even though zod catches it. Without JIT it never probes.
z.config({ jitless: true });
