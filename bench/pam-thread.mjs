// Loads the PAM's bench thread (TypeScript) in a worker: workers do not inherit tsx's loader, so it is registered here.
import { register } from 'tsx/esm/api';

register();
await import('./pam-thread.ts');
