import type { OperatorCommand } from '../../platform/operator/command';
import type { SportsbookServices } from '../services';

/**
 * One of the sportsbook's operator actions: `npm run operator -- sb-<action> ...`, sent to the running sportsbook
 * (its catalogue lives in its memory). The command files import this, and commands.ts imports them.
 */
export type SportsbookOperatorCommand = OperatorCommand<SportsbookServices>;
